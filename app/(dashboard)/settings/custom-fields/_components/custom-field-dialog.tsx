"use client";
import { CUSTOM_FIELD_TYPES, type CustomField } from "@/lib/schemas/custom-fields";
import { FieldHint, Label } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { fieldMessageOf } from "@/lib/pointer-errors";
import { OptionsEditor } from "./options-editor";

export type CustomFieldValues = { label: string; key: string; type: CustomField["type"]; options: string[] };

export const TYPE_LABELS: Record<CustomField["type"], string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  boolean: "Yes / no",
  select: "Select (one of a list)",
};

/** "Company size" → "company_size": a key that merge tags and CSV headers can use as is. */
function slugifyKey(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return (/^[a-z]/.test(slug) ? slug : slug ? `f_${slug}` : "").slice(0, 50);
}

type DialogProps = {
  open: boolean;
  field: CustomField | null;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (values: CustomFieldValues) => void;
};

/** The key follows the label until the user types one of their own (null until then); once created it never changes. */
type Draft = { label: string; key: string | null; type: CustomField["type"]; options: string[] };

export function CustomFieldDialog({ open, field, pending, error, onClose, onSubmit }: DialogProps) {
  const initial: Draft = {
    label: field?.label ?? "",
    key: field ? field.key : null,
    type: field?.type ?? "text",
    options: field?.options.length ? field.options : [""],
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={field ? `Edit “${field.label}”` : "New custom field"}
      description={field ? undefined : "Store your own data on each contact, such as a plan or a birthday."}
      formKey={field?.id ?? "new"}
      initialValues={initial}
      fields={["label", "key", "options"]}
      submitLabel={field ? "Save" : "Create field"}
      pending={pending}
      error={error}
      onSubmit={({ label, key, type, options }) =>
        onSubmit({ label, key: key ?? slugifyKey(label), type, options: options.map((o) => o.trim()).filter(Boolean) })
      }
    >
      {({ values: { label, key, type, options }, set, errors, bind }) => (
        <>
          <TextField
            label="Label"
            {...bind("label")}
            required
            maxLength={100}
            autoComplete="off"
            placeholder="Company size"
            error={fieldMessageOf(errors.message, errors.fields.label)}
          />
          <TextField
            label="Key"
            value={key ?? slugifyKey(label)}
            onChange={(e) => set("key", e.target.value)}
            disabled={!!field}
            maxLength={50}
            autoComplete="off"
            spellCheck={false}
            hint={
              field
                ? "Keys never change: the API, segments and merge tags refer to them."
                : "Lower-case letters, digits and underscores. It cannot change once the field exists."
            }
            error={fieldMessageOf(errors.message, errors.fields.key)}
          />
          <div>
            <Label htmlFor="custom-field-type">Type</Label>
            <Select
              id="custom-field-type"
              className="mt-1.5"
              value={type}
              onChange={(e) => set("type", e.target.value as CustomField["type"])}
              disabled={!!field}
              aria-describedby={field ? "custom-field-type-hint" : undefined}
            >
              {CUSTOM_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
            {field && <FieldHint id="custom-field-type-hint">To store another type, create a new field.</FieldHint>}
          </div>
          {type === "select" && (
            <OptionsEditor
              options={options}
              onChange={(o) => set("options", o)}
              error={fieldMessageOf(errors.message, errors.fields.options)}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
