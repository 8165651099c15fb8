"use client";
import { useId, type ReactNode } from "react";
import clsx from "clsx";
import { FORM_TYPES, type FormType } from "@/lib/schemas/forms";
import { FORM_TYPE_LABELS } from "@/components/forms/status-badge";
import { controlClasses, FieldError, FieldHint, Label } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import type { PanelProps } from "./builder-context";
import { DisplaySettings, LandingPageSettings } from "./display-settings";
import { ConfirmationSettings } from "./confirmation-settings";
import { successMessageFor } from "@/lib/schemas/form-constants";

/** Type and display, the texts around the fields, what happens after a submission, and who the contact becomes. */
export function SettingsPanel({ draft, change, errors, lists, workspaceName }: PanelProps & { workspaceName: string }) {
  const ids = { type: useId(), description: useId(), success: useId(), consent: useId(), segment: useId() };
  const checkbox = (label: string, checked: boolean, onChange: (v: boolean) => void, hint?: string) => (
    <div>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 accent-brand-600"
        />
        {label}
      </label>
      {hint && <p className="mt-0.5 ml-6 text-[13px] text-slate-500">{hint}</p>}
    </div>
  );

  return (
    <div className="space-y-6">
      <Section title="Form">
        <TextField
          label="Name"
          hint="For you only."
          value={draft.name}
          maxLength={200}
          onChange={(e) => change({ name: e.target.value })}
          error={errors.name}
        />
        <div>
          <Label htmlFor={ids.type}>Type</Label>
          <Select
            id={ids.type}
            className="mt-1.5"
            value={draft.type}
            onChange={(e) => change({ type: e.target.value as FormType })}
          >
            {FORM_TYPES.map((t) => (
              <option key={t} value={t}>
                {FORM_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
          <FieldError>{errors.type}</FieldError>
        </div>
        <TextField
          label="Heading"
          value={draft.heading ?? ""}
          maxLength={200}
          placeholder="Join 4,000 readers"
          onChange={(e) => change({ heading: e.target.value })}
          error={errors.heading}
        />
        <TextArea
          id={ids.description}
          label="Description"
          value={draft.description ?? ""}
          onChange={(description) => change({ description })}
          error={errors.description}
        />
      </Section>

      <DisplaySettings draft={draft} change={change} errors={errors} />
      <LandingPageSettings draft={draft} change={change} errors={errors} />

      <Section title="After submitting">
        <TextArea
          id={ids.success}
          label="Success message"
          value={draft.successMessage}
          onChange={(successMessage) => change({ successMessage })}
          error={errors.successMessage}
        />
        <TextField
          label="Redirect URL"
          type="url"
          hint="Send visitors to this page instead of showing the message."
          placeholder="https://example.com/thanks"
          value={draft.redirectUrl ?? ""}
          onChange={(e) => change({ redirectUrl: e.target.value })}
          error={errors.redirectUrl}
        />
        {checkbox(
          "Double opt-in",
          draft.doubleOptIn,
          (doubleOptIn) =>
            change({ doubleOptIn, successMessage: successMessageFor(draft.successMessage, doubleOptIn) }),
          "Send a confirmation email; the contact stays pending until they click its link.",
        )}
        {checkbox(
          "Capture the visitor's time zone",
          draft.captureTimezone,
          (captureTimezone) => change({ captureTimezone }),
          "So scheduled broadcasts can reach them at their local time.",
        )}
      </Section>

      <ConfirmationSettings draft={draft} change={change} errors={errors} workspaceName={workspaceName} />

      <Section title="Consent">
        <TextArea
          id={ids.consent}
          label="Consent statement"
          hint="Shown under the fields, e.g. how you use the address (GDPR notice)."
          value={draft.consentStatement ?? ""}
          onChange={(consentStatement) => change({ consentStatement })}
          error={errors.consentStatement}
        />
        <TextField
          label="Privacy policy URL"
          type="url"
          placeholder="https://example.com/privacy"
          value={draft.privacyPolicyUrl ?? ""}
          onChange={(e) => change({ privacyPolicyUrl: e.target.value })}
          error={errors.privacyPolicyUrl}
        />
      </Section>

      <Section title="New contacts">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Tags to apply</legend>
          {lists.tags.length === 0 ? (
            <p className="mt-1 text-[13px] text-slate-500">No tags yet. Create them on the Tags page.</p>
          ) : (
            <div className="mt-2 flex max-h-40 flex-wrap gap-1.5 overflow-y-auto">
              {lists.tags.map((t) => {
                const checked = draft.tagIds.includes(t.id);
                return (
                  <label
                    key={t.id}
                    className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-200 py-1 pr-2.5 pl-2 text-xs text-slate-700 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50"
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() =>
                        change({ tagIds: checked ? draft.tagIds.filter((id) => id !== t.id) : [...draft.tagIds, t.id] })
                      }
                      className="size-3.5 accent-brand-600"
                    />
                    {t.name}
                  </label>
                );
              })}
            </div>
          )}
          <FieldError>{errors.tagIds ?? Object.entries(errors).find(([k]) => k.startsWith("tagIds/"))?.[1]}</FieldError>
        </fieldset>
        <div>
          <Label htmlFor={ids.segment}>Segment</Label>
          <Select
            id={ids.segment}
            className="mt-1.5"
            value={draft.segmentId ?? ""}
            onChange={(e) => change({ segmentId: e.target.value || null })}
            aria-describedby={`${ids.segment}-hint`}
          >
            <option value="">None</option>
            {lists.segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
          <FieldError>{errors.segmentId}</FieldError>
          <FieldHint id={`${ids.segment}-hint`}>
            The segment this form feeds; tag new contacts so its rules pick them up.
          </FieldHint>
        </div>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function TextArea(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const { id, label, value, onChange, error, hint } = props;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={clsx(controlClasses, "mt-1.5 w-full py-2")}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {!error && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
    </div>
  );
}
