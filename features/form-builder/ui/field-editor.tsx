"use client";
import { useId } from "react";
import type { FormField } from "@/lib/schemas/forms";
import { FieldError } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select";
import { TextAreaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import type { PointerErrors, WorkspaceLists } from "./builder-context";
import { CheckboxRow } from "./panel-controls";

type Props = {
  field: FormField;
  index: number;
  errors: PointerErrors;
  lists: WorkspaceLists;
  onChange: (field: FormField) => void;
};

/** The text keys some field types have; the type's case below shows only its own. */
type FieldTextKey = "label" | "placeholder" | "name" | "param" | "value";

/** The inputs of one field, by type; each shows the save's error at its own pointer (#/fields/<i>/<key>). */
export function FieldEditor({ field, index, errors, lists, onChange }: Props) {
  const requiredId = useId();
  const err = (key: string) => errors[`fields/${index}/${key}`];
  // The union's members share these keys; a patch keeps the field's own type.
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as FormField);

  /** A text input bound to one of the field's keys; `emptyIsNull` where the schema tells "" from "not set". */
  const text = (key: FieldTextKey, label: string, hint?: string, emptyIsNull = false) => (
    <TextField
      label={label}
      hint={hint}
      value={(field as Partial<Record<FieldTextKey, string | null>>)[key] ?? ""}
      onChange={(e) => set({ [key]: emptyIsNull ? e.target.value || null : e.target.value })}
      error={err(key)}
    />
  );

  const required = (locked: boolean) => (
    <CheckboxRow
      id={requiredId}
      label={`Required${locked ? " (always)" : ""}`}
      checked={"required" in field ? field.required : false}
      disabled={locked}
      onChange={(checked) => set({ required: checked })}
    />
  );

  switch (field.type) {
    case "email":
    case "first_name":
    case "last_name":
      return (
        <div className="space-y-3">
          {text("label", "Label")}
          {text("placeholder", "Placeholder")}
          {required(field.type === "email")}
        </div>
      );
    case "custom": {
      const source = lists.customFields.find((c) => c.key === field.name);
      return (
        <div className="space-y-3">
          <p className="text-[13px] text-slate-500">
            Stored in the custom field <code className="text-slate-700">{field.name}</code>
            {source ? ` (${source.type})` : " (no longer exists: remove this field)"}.
          </p>
          <FieldError>{err("name")}</FieldError>
          {text("label", "Label")}
          {text("placeholder", "Placeholder")}
          {source?.type === "select" && (
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Options offered</legend>
              <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1.5">
                {source.options.map((option) => {
                  const offered = field.options ?? source.options;
                  const checked = offered.includes(option);
                  return (
                    <label key={option} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() => {
                          const next = checked ? offered.filter((o) => o !== option) : [...offered, option];
                          // Keep the field's order of options, whatever order they were ticked in.
                          set({ options: source.options.filter((o) => next.includes(o)) });
                        }}
                        className="size-4 accent-brand-600"
                      />
                      {option}
                    </label>
                  );
                })}
              </div>
              <FieldError>{err("options")}</FieldError>
            </fieldset>
          )}
          {required(false)}
        </div>
      );
    }
    case "checkbox":
      return (
        <div className="space-y-3">
          {text("label", "Label")}
          {text("name", "Field name", "The key the value is submitted under.")}
          <SelectField
            label="Tag when ticked"
            value={field.tagId ?? ""}
            onValueChange={(tagId) => set({ tagId: tagId || null })}
            error={err("tagId")}
          >
            <option value="">No tag</option>
            {lists.tags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          {required(false)}
        </div>
      );
    case "consent":
      return (
        <div className="space-y-3">
          <TextAreaField
            label="Consent text"
            value={field.label}
            onChange={(e) => set({ label: e.target.value })}
            hint="Links as [label](https://…). The box must be ticked to submit."
            error={err("label")}
          />
        </div>
      );
    case "hidden":
      return (
        <div className="space-y-3">
          {text("name", "Field name")}
          {text("param", "URL parameter", "Read from the page's address, e.g. utm_campaign.")}
          {text("value", "Default value", "Used when the address has no such parameter.", true)}
          <SelectField
            label="Store in custom field"
            value={field.customField ?? ""}
            onValueChange={(customField) => set({ customField: customField || null })}
            error={err("customField")}
          >
            <option value="">Only in the submission</option>
            {lists.customFields.map((c) => (
              <option key={c.id} value={c.key}>
                {c.label} ({c.key})
              </option>
            ))}
          </SelectField>
        </div>
      );
  }
}
