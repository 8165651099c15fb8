"use client";
import { useState, type FormEvent } from "react";
import { CUSTOM_FIELD_TYPES, type CustomField } from "@/lib/schemas/custom-fields";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { FieldHint, Label } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import type { FieldErrorMap } from "@/lib/action-result";
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
  error?: string;
  fieldErrors: FieldErrorMap;
  onClose: () => void;
  onSubmit: (values: CustomFieldValues) => void;
};

export function CustomFieldDialog(props: DialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.field ? `Edit “${props.field.label}”` : "New custom field"}
      description={props.field ? undefined : "Store your own data on each contact, such as a plan or a birthday."}
    >
      <CustomFieldForm key={props.field?.id ?? "new"} {...props} />
    </Dialog>
  );
}

function CustomFieldForm({ field, pending, error, fieldErrors, onClose, onSubmit }: DialogProps) {
  const [label, setLabel] = useState(field?.label ?? "");
  // The key follows the label until the user types one of their own; once created it never changes.
  const [key, setKey] = useState<string | null>(field ? field.key : null);
  const [type, setType] = useState<CustomField["type"]>(field?.type ?? "text");
  const [options, setOptions] = useState<string[]>(field?.options.length ? field.options : [""]);
  const shownKey = key ?? slugifyKey(label);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ label, key: shownKey, type, options: options.map((o) => o.trim()).filter(Boolean) });
  };
  const formError = error && !fieldErrors.label && !fieldErrors.key && !fieldErrors.options ? error : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Label"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        required
        maxLength={100}
        autoComplete="off"
        placeholder="Company size"
        data-autofocus
        error={fieldMessageOf(error, fieldErrors.label)}
      />
      <TextField
        label="Key"
        value={shownKey}
        onChange={(e) => setKey(e.target.value)}
        disabled={!!field}
        maxLength={50}
        autoComplete="off"
        spellCheck={false}
        hint={
          field
            ? "Keys never change: the API, segments and merge tags refer to them."
            : "Lower-case letters, digits and underscores. It cannot change once the field exists."
        }
        error={fieldMessageOf(error, fieldErrors.key)}
      />
      <div>
        <Label htmlFor="custom-field-type">Type</Label>
        <Select
          id="custom-field-type"
          className="mt-1.5"
          value={type}
          onChange={(e) => setType(e.target.value as CustomField["type"])}
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
        <OptionsEditor options={options} onChange={setOptions} error={fieldMessageOf(error, fieldErrors.options)} />
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {field ? "Save" : "Create field"}
        </Button>
      </DialogFooter>
    </form>
  );
}
