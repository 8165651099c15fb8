"use client";
// The double opt-in email a form sends (its subject and message, the defaults shown as placeholders) and the page
// the person goes to after confirming. Saved with the form; the email's button, plain link and "did not sign up"
// note are always added, so a message cannot lose them.
import { useId } from "react";
import clsx from "clsx";
import {
  CONFIRMATION_SUBJECT_MAX,
  CONFIRMATION_TEXT_MAX,
  defaultConfirmationSubject,
  defaultConfirmationText,
} from "@/lib/schemas/forms";
import { controlClasses, FieldError, FieldHint, Label } from "@/components/ui/field";
import { TextField } from "@/components/ui/text-field";
import type { PanelProps } from "./builder-context";

const MERGE_HINT = "Merge tags work: {{firstName|there}}, {{lastName}}, {{email}} or a custom field's key.";

export function ConfirmationSettings({
  draft,
  change,
  errors,
  workspaceName,
}: Pick<PanelProps, "draft" | "change" | "errors"> & { workspaceName: string }) {
  const textId = useId();
  const subject = draft.confirmationSubject ?? "";
  const message = draft.confirmationText ?? "";
  const count = (value: string, max: number) => `${value.trim().length}/${max}`;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Confirmation email</legend>
      <p className="text-[13px] text-slate-500">
        {draft.doubleOptIn
          ? "Sent to each new sign-up with a button to confirm. Leave a field empty for the default."
          : "Sent only with double opt-in (turned off above): a known contact who had unsubscribed still gets it."}
      </p>
      <TextField
        label="Subject"
        value={subject}
        maxLength={CONFIRMATION_SUBJECT_MAX}
        placeholder={defaultConfirmationSubject(workspaceName)}
        onChange={(e) => change({ confirmationSubject: e.target.value })}
        hint={`${count(subject, CONFIRMATION_SUBJECT_MAX)}. ${MERGE_HINT}`}
        error={errors.confirmationSubject}
      />
      <div>
        <Label htmlFor={textId}>Message</Label>
        <textarea
          id={textId}
          rows={4}
          value={message}
          maxLength={CONFIRMATION_TEXT_MAX}
          placeholder={defaultConfirmationText(workspaceName)}
          onChange={(e) => change({ confirmationText: e.target.value })}
          aria-invalid={errors.confirmationText ? true : undefined}
          aria-describedby={`${textId}-${errors.confirmationText ? "error" : "hint"}`}
          className={clsx(controlClasses, "mt-1.5 w-full py-2")}
        />
        <FieldError id={`${textId}-error`}>{errors.confirmationText}</FieldError>
        {!errors.confirmationText && (
          <FieldHint id={`${textId}-hint`}>
            {count(message, CONFIRMATION_TEXT_MAX)}. Above the Confirm button; a blank line starts a new paragraph.
          </FieldHint>
        )}
      </div>
      <TextField
        label="Page after confirming"
        type="url"
        placeholder="https://example.com/welcome"
        value={draft.confirmationRedirectUrl ?? ""}
        onChange={(e) => change({ confirmationRedirectUrl: e.target.value })}
        hint="Where the Confirm button takes people (http or https). Empty: a page that says they are subscribed."
        error={errors.confirmationRedirectUrl}
      />
    </fieldset>
  );
}
