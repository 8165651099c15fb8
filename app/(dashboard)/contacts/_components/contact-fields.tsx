"use client";
// The fields a contact is edited with, shared by "Add contact" and the contact page's details form.
import type { CustomField } from "@/lib/schemas/custom-fields";
import { TextField } from "@/components/ui/text-field";
import { CustomFieldInput } from "./custom-field-input";

type Names = { firstName: string; lastName: string };

const NAME_LABELS: Record<keyof Names, string> = { firstName: "First name", lastName: "Last name" };

/** First and last name, each at most 100 characters as the schema holds them. */
export function NameFields({
  values,
  onChange,
  errors,
  autoComplete,
}: {
  values: Names;
  onChange: (name: keyof Names, value: string) => void;
  errors: Partial<Record<keyof Names, string>>;
  autoComplete?: string;
}) {
  return (
    <>
      {(["firstName", "lastName"] as const).map((name) => (
        <TextField
          key={name}
          label={NAME_LABELS[name]}
          value={values[name]}
          maxLength={100}
          autoComplete={autoComplete}
          onChange={(e) => onChange(name, e.target.value)}
          error={errors[name]}
        />
      ))}
    </>
  );
}

/** One input per custom field, its text kept by the field's key. */
export function CustomFieldInputs({
  fields,
  texts,
  onChange,
  errors,
}: {
  fields: CustomField[];
  texts: Record<string, string>;
  onChange: (texts: Record<string, string>) => void;
  /** Messages of single fields, by key. */
  errors: Record<string, string>;
}) {
  return (
    <>
      {fields.map((field) => (
        <CustomFieldInput
          key={field.id}
          field={field}
          value={texts[field.key] ?? ""}
          onChange={(v) => onChange({ ...texts, [field.key]: v })}
          error={errors[field.key]}
        />
      ))}
    </>
  );
}
