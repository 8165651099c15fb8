"use client";
// "Create custom field…" for a column nothing matched: the label comes from the header, the key from the label, the
// type from the preview's values; created through the same action as Settings › Custom fields, then mapped.
import { useState, type FormEvent } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { fieldKeyFromLabel, guessFieldType, type GuessedType } from "@/lib/csv/guess-field-type";
import { ActionError, errorMessage } from "@/lib/action-result";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { FieldHint, Label } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useCreateCustomField } from "@/app/(dashboard)/settings/custom-fields/_components/use-custom-field-mutations";

const TYPE_LABELS: Record<GuessedType, string> = { text: "Text", number: "Number", date: "Date", boolean: "Yes / no" };

type Props = {
  workspaceId: string;
  /** The column the field is for (null: closed) and its preview values. */
  column: { header: string; values: string[] } | null;
  onClose: () => void;
  onCreated: (field: CustomField) => void;
};

export function CreateFieldDialog({ column, ...props }: Props) {
  return (
    <Dialog
      open={column !== null}
      onClose={props.onClose}
      title="Create a custom field"
      description={column ? `For the column “${column.header}”, which is then imported into it.` : undefined}
    >
      {column && <CreateFieldForm key={column.header} column={column} {...props} />}
    </Dialog>
  );
}

function CreateFieldForm({
  workspaceId,
  column,
  onClose,
  onCreated,
}: Props & { column: NonNullable<Props["column"]> }) {
  const [label, setLabel] = useState(column.header.trim().slice(0, 100));
  const [key, setKey] = useState<string | null>(null); // follows the label until typed
  const guessed = guessFieldType(column.values);
  const [type, setType] = useState<GuessedType>(guessed);
  const create = useCreateCustomField(workspaceId);
  const shownKey = key ?? fieldKeyFromLabel(label);
  const fieldErrors = create.error instanceof ActionError ? create.error.fieldErrors : {};
  const formError = create.error && !fieldErrors.label && !fieldErrors.key ? errorMessage(create.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ label, key: shownKey, type }, { onSuccess: onCreated });
  };
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
        data-autofocus
        hint={`${label.length}/100`}
        error={fieldErrors.label}
      />
      <TextField
        label="Key"
        value={shownKey}
        onChange={(e) => setKey(e.target.value)}
        maxLength={50}
        autoComplete="off"
        spellCheck={false}
        hint="Lower-case letters, digits and underscores. It cannot change once the field exists."
        error={fieldErrors.key}
      />
      <div>
        <Label htmlFor="import-field-type">Type</Label>
        <Select
          id="import-field-type"
          className="mt-1.5"
          value={type}
          onChange={(e) => setType(e.target.value as GuessedType)}
          aria-describedby="import-field-type-hint"
        >
          {Object.entries(TYPE_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
        <FieldHint id="import-field-type-hint">
          {column.values.some((v) => v.trim())
            ? `Guessed from the preview’s values: ${TYPE_LABELS[guessed]}. Values that do not fit are left out, with a warning per line.`
            : "The preview has no values in this column."}
        </FieldHint>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create and map
        </Button>
      </DialogFooter>
    </form>
  );
}
