"use client";
// The double opt-in email a form sends (its subject and message, the defaults shown as placeholders) and the page
// the person goes to after confirming. Saved with the form; the email's button, plain link and "did not sign up"
// note are always added, so a message cannot lose them.
import {
  CONFIRMATION_SUBJECT_MAX,
  CONFIRMATION_TEXT_MAX,
  defaultConfirmationSubject,
  defaultConfirmationText,
} from "@/lib/schemas/forms";
import { TextAreaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { textBinder, type PanelProps } from "./builder-context";
import { PanelSection } from "./panel-controls";

const MERGE_HINT = "Merge tags work: {{firstName|there}}, {{lastName}}, {{email}} or a custom field's key.";

export function ConfirmationSettings({
  draft,
  change,
  errors,
  workspaceName,
}: Pick<PanelProps, "draft" | "change" | "errors"> & { workspaceName: string }) {
  const text = textBinder(draft, change, (key) => errors[key]);
  const count = (value: string | null, max: number) => `${(value ?? "").trim().length}/${max}`;
  return (
    <PanelSection
      title="Confirmation email"
      description={
        draft.doubleOptIn
          ? "Sent to each new sign-up with a button to confirm. Leave a field empty for the default."
          : "Sent only with double opt-in (turned off above): a known contact who had unsubscribed still gets it."
      }
    >
      <TextField
        label="Subject"
        maxLength={CONFIRMATION_SUBJECT_MAX}
        placeholder={defaultConfirmationSubject(workspaceName)}
        hint={`${count(draft.confirmationSubject, CONFIRMATION_SUBJECT_MAX)}. ${MERGE_HINT}`}
        {...text("confirmationSubject")}
      />
      <TextAreaField
        label="Message"
        rows={4}
        maxLength={CONFIRMATION_TEXT_MAX}
        placeholder={defaultConfirmationText(workspaceName)}
        hint={`${count(draft.confirmationText, CONFIRMATION_TEXT_MAX)}. Above the Confirm button; a blank line starts a new paragraph.`}
        {...text("confirmationText")}
      />
      <TextField
        label="Page after confirming"
        type="url"
        placeholder="https://example.com/welcome"
        hint="Where the Confirm button takes people (http or https). Empty: a page that says they are subscribed."
        {...text("confirmationRedirectUrl")}
      />
    </PanelSection>
  );
}
