"use client";
import { useId } from "react";
import clsx from "clsx";
import type { FormField } from "@/lib/schemas/forms";
import { controlClasses, FieldError, FieldHint, Label } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import type { PointerErrors, WorkspaceLists } from "./builder-context";

type Props = {
  field: FormField;
  index: number;
  errors: PointerErrors;
  lists: WorkspaceLists;
  onChange: (field: FormField) => void;
};

/** The inputs of one field, by type; each shows the save's error at its own pointer (#/fields/<i>/<key>). */
export function FieldEditor({ field, index, errors, lists, onChange }: Props) {
  const ids = { consent: useId(), required: useId() };
  const err = (key: string) => errors[`fields/${index}/${key}`];
  // The union's members share these keys; a patch keeps the field's own type.
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as FormField);

  const labelInput = (value: string) => (
    <TextField label="Label" value={value} onChange={(e) => set({ label: e.target.value })} error={err("label")} />
  );
  const placeholderInput = (value: string | null | undefined) => (
    <TextField
      label="Placeholder"
      value={value ?? ""}
      onChange={(e) => set({ placeholder: e.target.value })}
      error={err("placeholder")}
    />
  );

  const required = (locked: boolean) => (
    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input
        id={ids.required}
        type="checkbox"
        checked={"required" in field ? field.required : false}
        disabled={locked}
        onChange={(e) => set({ required: e.target.checked })}
        className="size-4 accent-brand-600"
      />
      Required{locked ? " (always)" : ""}
    </label>
  );

  switch (field.type) {
    case "email":
    case "first_name":
    case "last_name":
      return (
        <div className="space-y-3">
          {labelInput(field.label)}
          {placeholderInput(field.placeholder)}
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
          {labelInput(field.label)}
          {placeholderInput(field.placeholder)}
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
          {labelInput(field.label)}
          <TextField
            label="Field name"
            hint="The key the value is submitted under."
            value={field.name}
            onChange={(e) => set({ name: e.target.value })}
            error={err("name")}
          />
          <div>
            <Label htmlFor={`${ids.consent}-tag`}>Tag when ticked</Label>
            <Select
              id={`${ids.consent}-tag`}
              className="mt-1.5"
              value={field.tagId ?? ""}
              onChange={(e) => set({ tagId: e.target.value || null })}
              aria-invalid={err("tagId") ? true : undefined}
            >
              <option value="">No tag</option>
              {lists.tags.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
            <FieldError>{err("tagId")}</FieldError>
          </div>
          {required(false)}
        </div>
      );
    case "consent":
      return (
        <div className="space-y-3">
          <div>
            <Label htmlFor={ids.consent}>Consent text</Label>
            <textarea
              id={ids.consent}
              rows={3}
              value={field.label}
              onChange={(e) => set({ label: e.target.value })}
              aria-invalid={err("label") ? true : undefined}
              aria-describedby={`${ids.consent}-hint`}
              className={clsx(controlClasses, "mt-1.5 w-full py-2")}
            />
            <FieldError>{err("label")}</FieldError>
            <FieldHint id={`${ids.consent}-hint`}>
              Links as [label](https://…). The box must be ticked to submit.
            </FieldHint>
          </div>
        </div>
      );
    case "hidden":
      return (
        <div className="space-y-3">
          <TextField
            label="Field name"
            value={field.name}
            onChange={(e) => set({ name: e.target.value })}
            error={err("name")}
          />
          <TextField
            label="URL parameter"
            hint="Read from the page's address, e.g. utm_campaign."
            value={field.param ?? ""}
            onChange={(e) => set({ param: e.target.value })}
            error={err("param")}
          />
          <TextField
            label="Default value"
            hint="Used when the address has no such parameter."
            value={field.value ?? ""}
            onChange={(e) => set({ value: e.target.value || null })}
            error={err("value")}
          />
          <div>
            <Label htmlFor={`${ids.consent}-store`}>Store in custom field</Label>
            <Select
              id={`${ids.consent}-store`}
              className="mt-1.5"
              value={field.customField ?? ""}
              onChange={(e) => set({ customField: e.target.value || null })}
              aria-invalid={err("customField") ? true : undefined}
            >
              <option value="">Only in the submission</option>
              {lists.customFields.map((c) => (
                <option key={c.id} value={c.key}>
                  {c.label} ({c.key})
                </option>
              ))}
            </Select>
            <FieldError>{err("customField")}</FieldError>
          </div>
        </div>
      );
  }
}
