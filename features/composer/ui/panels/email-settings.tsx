"use client";
// The email's envelope: internal name, subject, preview text, sender and reply-to. Optional fields emptied become
// null (the update schema refuses "" as an address); the workspace's default sender shows where a field is empty.
import { useId, useRef, type ReactNode } from "react";
import Link from "next/link";
import clsx from "clsx";
import type { DraftPanelProps } from "@/lib/composer/draft";
import { BUILT_IN_MERGE_TAGS, insertableMergeTag } from "@/lib/email-content/draft-merge-tags";
import { Button } from "@/components/ui/button";
import { controlClasses, FieldError, FieldHint, Input, Label } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { subjectChange } from "../../model/ab-test";
import { errorAt } from "../../model/panel-errors";

export type SenderDefaults = { fromName: string | null; fromEmail: string | null };
type Props = DraftPanelProps & { senderDefaults: SenderDefaults };

export const SUBJECT_INPUT_ID = "composer-subject";
export const FROM_EMAIL_INPUT_ID = "composer-from-email";
export const PREVIEW_TEXT_INPUT_ID = "composer-preview-text";

const SUBJECT_MAX = 500;
/** Past this many characters most inboxes cut the subject off (phones sooner). */
const SUBJECT_VISIBLE = 60;

const orNull = (value: string) => (value === "" ? null : value);

export function EmailSettings({ draft, onChange, errors, senderDefaults }: Props) {
  const ids = { name: useId(), preview: PREVIEW_TEXT_INPUT_ID, fromName: useId(), replyTo: useId(), tag: useId() };
  const subjectRef = useRef<HTMLInputElement>(null);
  const subject = draft.subject ?? "";
  const hasDefaults = Boolean(senderDefaults.fromName || senderDefaults.fromEmail);
  const abOn = draft.variants.length > 0;

  /** Puts a merge tag where the caret is (or at the end), then the caret after it, so typing goes on from there. */
  const insertTag = (tag: string) => {
    const input = subjectRef.current;
    const start = input?.selectionStart ?? subject.length;
    const end = input?.selectionEnd ?? subject.length;
    const next = (subject.slice(0, start) + tag + subject.slice(end)).slice(0, SUBJECT_MAX);
    onChange(subjectChange(draft, next));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

  return (
    <div className="space-y-5">
      <Field id={ids.name} label="Name" error={errorAt(errors, "#/name")} hint="For you only; recipients never see it.">
        <Input
          id={ids.name}
          value={draft.name}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => onChange({ name: e.target.value })}
          {...described(ids.name, errorAt(errors, "#/name"))}
        />
      </Field>

      <div>
        <div className="flex items-end justify-between gap-3">
          <Label htmlFor={SUBJECT_INPUT_ID}>Subject</Label>
          <span
            id={`${SUBJECT_INPUT_ID}-count`}
            className={subject.length > SUBJECT_VISIBLE ? "text-xs text-amber-700" : "text-xs text-slate-500"}
          >
            {subject.length}/{SUBJECT_MAX}
            {subject.length > SUBJECT_VISIBLE && <span> · long subjects get cut off in inboxes</span>}
          </span>
        </div>
        {/* A plain input: the shared Input takes no ref, and the merge tag goes in at the caret. */}
        <input
          ref={subjectRef}
          id={SUBJECT_INPUT_ID}
          value={subject}
          maxLength={SUBJECT_MAX}
          autoComplete="off"
          placeholder="What's new in November"
          onChange={(e) => onChange(subjectChange(draft, e.target.value))}
          className={clsx(controlClasses, "mt-1.5 h-9 w-full")}
          aria-invalid={errorAt(errors, "#/subject") ? true : undefined}
          aria-describedby={clsx(
            errorAt(errors, "#/subject") && `${SUBJECT_INPUT_ID}-error`,
            `${SUBJECT_INPUT_ID}-hint ${SUBJECT_INPUT_ID}-count`,
          )}
        />
        <FieldError id={`${SUBJECT_INPUT_ID}-error`}>{errorAt(errors, "#/subject")}</FieldError>
        <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
          <FieldHint id={`${SUBJECT_INPUT_ID}-hint`}>
            {abOn ? "Variant A's subject; the other variants are set under A/B test. " : ""}
            Personalise with merge tags, e.g. {"{{firstName|there}}"}.
          </FieldHint>
          <label htmlFor={ids.tag} className="sr-only">
            Insert a merge tag into the subject
          </label>
          <Select
            id={ids.tag}
            value=""
            className="h-8 w-auto text-[13px]"
            onChange={(e) => {
              if (e.target.value) insertTag(e.target.value);
            }}
          >
            <option value="">Insert merge tag…</option>
            {BUILT_IN_MERGE_TAGS.map((m) => (
              <option key={m.key} value={insertableMergeTag(m.key)}>
                {m.label}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <Field
        id={ids.preview}
        label="Preview text"
        error={errorAt(errors, "#/previewText")}
        hint={`Shown after the subject in most inboxes (${(draft.previewText ?? "").length}/500).`}
      >
        <Input
          id={ids.preview}
          value={draft.previewText ?? ""}
          maxLength={500}
          autoComplete="off"
          placeholder="A line that makes them open it"
          onChange={(e) => onChange({ previewText: orNull(e.target.value) })}
          {...described(ids.preview, errorAt(errors, "#/previewText"))}
        />
      </Field>

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Sender</legend>
        <SenderField
          id={ids.fromName}
          label="From name"
          value={draft.fromName}
          fallback={senderDefaults.fromName}
          error={errorAt(errors, "#/fromName")}
          onChange={(fromName) => onChange({ fromName })}
          maxLength={200}
        />
        <SenderField
          id={FROM_EMAIL_INPUT_ID}
          label="From email"
          type="email"
          value={draft.fromEmail}
          fallback={senderDefaults.fromEmail}
          error={errorAt(errors, "#/fromEmail")}
          onChange={(fromEmail) => onChange({ fromEmail })}
          maxLength={254}
        />
        {!hasDefaults && (
          <p className="text-[13px] text-slate-600">
            No default sender yet.{" "}
            <Link href="/settings/workspace" className="font-medium text-brand-700 underline hover:text-brand-800">
              Set one in Settings → Workspace
            </Link>{" "}
            and every new broadcast starts with it.
          </p>
        )}
        <Field
          id={ids.replyTo}
          label="Reply-to"
          error={errorAt(errors, "#/replyTo")}
          hint="Optional. Empty: replies go to the from address."
        >
          <Input
            id={ids.replyTo}
            type="email"
            value={draft.replyTo ?? ""}
            maxLength={254}
            autoComplete="off"
            placeholder={draft.fromEmail ?? senderDefaults.fromEmail ?? "replies@example.com"}
            onChange={(e) => onChange({ replyTo: orNull(e.target.value.trim()) })}
            {...described(ids.replyTo, errorAt(errors, "#/replyTo"))}
          />
        </Field>
      </fieldset>
    </div>
  );
}

/** aria wiring for an input inside <Field>: the error when there is one, else the hint. */
function described(id: string, error: string | undefined) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : `${id}-hint` };
}

function Field(props: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  const { id, label, error, hint, children } = props;
  return (
    <div>
      <Label htmlFor={id} className="mb-1.5">
        {label}
      </Label>
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {!error && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
    </div>
  );
}

type SenderFieldProps = {
  id: string;
  label: string;
  type?: "email";
  value: string | null;
  /** The workspace's default for this field; shown as the placeholder and offered by "Use default". */
  fallback: string | null;
  error?: string;
  maxLength: number;
  onChange: (value: string | null) => void;
};

/**
 * A sender field. The send uses what the broadcast stores (the default is copied in when a draft is created), so
 * "Use default" writes the default into the field rather than clearing it.
 */
function SenderField({ id, label, type, value, fallback, error, maxLength, onChange }: SenderFieldProps) {
  const offerDefault = fallback !== null && fallback !== "" && value !== fallback;
  const hint = fallback ? `Workspace default: ${fallback}` : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="flex gap-2">
        <Input
          id={id}
          type={type}
          value={value ?? ""}
          maxLength={maxLength}
          autoComplete="off"
          placeholder={fallback ?? (type === "email" ? "news@example.com" : "Your company")}
          onChange={(e) => onChange(orNull(type === "email" ? e.target.value.trim() : e.target.value))}
          {...described(id, error)}
        />
        {offerDefault && (
          <Button
            variant="secondary"
            size="md"
            onClick={() => onChange(fallback)}
            aria-label={`Use default ${label.toLowerCase()}`}
          >
            Use default
          </Button>
        )}
      </div>
    </Field>
  );
}
