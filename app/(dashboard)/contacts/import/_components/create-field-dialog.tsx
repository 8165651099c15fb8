"use client";
// "Create custom field…" for a column nothing matched: the label comes from the header, the key from the label, the
// type from the preview's values; created through the same action as Settings › Custom fields, then mapped.
import type { CustomField } from "@/lib/schemas/custom-fields";
import { fieldKeyFromLabel, guessFieldType, type GuessedType } from "@/lib/csv/guess-field-type";
import { FormDialog } from "@/components/ui/form-dialog";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useCreateCustomField } from "@/app/(dashboard)/settings/custom-fields/_components/use-custom-field-mutations";

const TYPE_LABELS: Record<GuessedType, string> = { text: "Text", number: "Number", date: "Date", boolean: "Yes / no" };
const TYPES = Object.keys(TYPE_LABELS) as GuessedType[];

type Props = {
  workspaceId: string;
  /** The column the field is for (null: closed) and its preview values. */
  column: { header: string; values: string[] } | null;
  onClose: () => void;
  onCreated: (field: CustomField) => void;
};

/** `key` is null while it follows the label, until it is typed. */
type Values = { label: string; key: string | null; type: GuessedType };

export function CreateFieldDialog({ workspaceId, column, onClose, onCreated }: Props) {
  const create = useCreateCustomField(workspaceId);
  const values = column?.values ?? [];
  const guessed = guessFieldType(values);
  return (
    <FormDialog<Values>
      open={column !== null}
      onClose={onClose}
      title="Create a custom field"
      description={column ? `For the column “${column.header}”, which is then imported into it.` : undefined}
      formKey={column?.header}
      initialValues={{ label: (column?.header ?? "").trim().slice(0, 100), key: null, type: guessed }}
      fields={["label", "key"]}
      submitLabel="Create and map"
      onSubmit={async ({ label, key, type }) =>
        onCreated(await create.mutateAsync({ label, key: key ?? fieldKeyFromLabel(label), type }))
      }
    >
      {({ values: form, set, errors }) => (
        <>
          <TextField
            label="Label"
            value={form.label}
            onChange={(e) => set("label", e.target.value)}
            required
            maxLength={100}
            autoComplete="off"
            data-autofocus
            hint={`${form.label.length}/100`}
            error={errors.fields.label}
          />
          <TextField
            label="Key"
            value={form.key ?? fieldKeyFromLabel(form.label)}
            onChange={(e) => set("key", e.target.value)}
            maxLength={50}
            autoComplete="off"
            spellCheck={false}
            hint="Lower-case letters, digits and underscores. It cannot change once the field exists."
            error={errors.fields.key}
          />
          <SelectField
            id="import-field-type"
            label="Type"
            value={form.type}
            onValueChange={(type) => set("type", type)}
            options={TYPES}
            labels={TYPE_LABELS}
            hint={
              values.some((v) => v.trim())
                ? `Guessed from the preview’s values: ${TYPE_LABELS[guessed]}. Values that do not fit are left out, with a warning per line.`
                : "The preview has no values in this column."
            }
          />
        </>
      )}
    </FormDialog>
  );
}
