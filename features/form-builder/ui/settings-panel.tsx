"use client";
import { FORM_TYPES } from "@/lib/schemas/forms";
import { FORM_TYPE_LABELS } from "@/components/forms/status-badge";
import { FieldError } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select";
import { TextAreaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { textBinder, type PanelProps } from "./builder-context";
import { DisplaySettings, LandingPageSettings } from "./display-settings";
import { ConfirmationSettings } from "./confirmation-settings";
import { CheckboxRow, PanelSection } from "./panel-controls";
import { successMessageFor } from "@/lib/schemas/form-constants";

/** Type and display, the texts around the fields, what happens after a submission, and who the contact becomes. */
export function SettingsPanel({ draft, change, errors, lists, workspaceName }: PanelProps & { workspaceName: string }) {
  const text = textBinder(draft, change, (key) => errors[key]);

  return (
    <div className="space-y-6">
      <PanelSection title="Form">
        <TextField label="Name" hint="For you only." maxLength={200} {...text("name")} />
        <SelectField
          label="Type"
          value={draft.type}
          onValueChange={(type) => change({ type })}
          options={FORM_TYPES}
          labels={FORM_TYPE_LABELS}
          error={errors.type}
        />
        <TextField label="Heading" maxLength={200} placeholder="Join 4,000 readers" {...text("heading")} />
        <TextAreaField label="Description" {...text("description")} />
      </PanelSection>

      <DisplaySettings draft={draft} change={change} errors={errors} />
      <LandingPageSettings draft={draft} change={change} errors={errors} />

      <PanelSection title="After submitting">
        <TextAreaField label="Success message" {...text("successMessage")} />
        <TextField
          label="Redirect URL"
          type="url"
          hint="Send visitors to this page instead of showing the message."
          placeholder="https://example.com/thanks"
          {...text("redirectUrl")}
        />
        <CheckboxRow
          label="Double opt-in"
          className="font-medium"
          checked={draft.doubleOptIn}
          onChange={(doubleOptIn) =>
            change({ doubleOptIn, successMessage: successMessageFor(draft.successMessage, doubleOptIn) })
          }
          hint="Send a confirmation email; the contact stays pending until they click its link."
        />
        <CheckboxRow
          label="Capture the visitor's time zone"
          className="font-medium"
          checked={draft.captureTimezone}
          onChange={(captureTimezone) => change({ captureTimezone })}
          hint="So scheduled broadcasts can reach them at their local time."
        />
      </PanelSection>

      <ConfirmationSettings draft={draft} change={change} errors={errors} workspaceName={workspaceName} />

      <PanelSection title="Consent">
        <TextAreaField
          label="Consent statement"
          hint="Shown under the fields, e.g. how you use the address (GDPR notice)."
          {...text("consentStatement")}
        />
        <TextField
          label="Privacy policy URL"
          type="url"
          placeholder="https://example.com/privacy"
          {...text("privacyPolicyUrl")}
        />
      </PanelSection>

      <PanelSection title="New contacts">
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
        <SelectField
          label="Segment"
          value={draft.segmentId ?? ""}
          onValueChange={(segmentId) => change({ segmentId: segmentId || null })}
          hint="The segment this form feeds; tag new contacts so its rules pick them up."
          error={errors.segmentId}
        >
          <option value="">None</option>
          {lists.segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
      </PanelSection>
    </div>
  );
}
