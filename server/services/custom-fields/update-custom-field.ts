import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import type { Tx } from "@/server/events/record-event";
import type { UpdateCustomField } from "@/lib/schemas/custom-fields";
import { customFieldNotFound, customFieldSelect, toCustomField } from "./custom-field-record";

/**
 * Label: free to change. Type: refused while any contact holds a value (stored values would stop matching their
 * type); leaving select drops the options. Options: replacing them is refused when it would drop a value that
 * contacts hold (rename = add the new option, move the contacts, then remove the old one).
 */
export async function updateCustomField({
  workspaceId,
  fieldId,
  input,
}: {
  workspaceId: string;
  fieldId: string;
  input: UpdateCustomField;
}) {
  return db().$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ key: string; type: string }[]>`
      SELECT key, type::text AS type FROM "CustomField"
       WHERE id = ${fieldId}::uuid AND "workspaceId" = ${workspaceId}::uuid FOR UPDATE`;
    if (!current) throw customFieldNotFound();
    const type = input.type ?? current.type;
    const errors: FieldError[] = [];
    if (type === "select" && current.type !== "select" && !input.options) {
      errors.push({ pointer: "#/options", detail: "A select field needs its options." });
    }
    if (type !== "select" && input.options) {
      errors.push({ pointer: "#/options", detail: "Only select fields have options." });
    }
    if (type !== current.type && (await holdsValues(tx, workspaceId, current.key))) {
      errors.push({
        pointer: "#/type",
        detail: "Contacts hold values for this field, so its type cannot change. Create a new field instead.",
      });
    }
    if (type === "select" && current.type === "select" && input.options) {
      const orphaned = await valuesOutside(tx, workspaceId, current.key, input.options);
      if (orphaned.length) {
        errors.push({
          pointer: "#/options",
          detail: `Contacts hold values that would no longer be options: ${orphaned.map((v) => JSON.stringify(v)).join(", ")}.`,
        });
      }
    }
    if (errors.length) throw new AppError("VALIDATION", "The request body is invalid.", errors);
    const row = await tx.customField.update({
      where: { id: fieldId },
      data: {
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(type === "select" ? (input.options ? { options: input.options } : {}) : { options: [] }),
      },
      select: customFieldSelect,
    });
    return toCustomField(row);
  });
}

async function holdsValues(tx: Tx, workspaceId: string, key: string) {
  const [row] = await tx.$queryRaw<{ held: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "Contact" WHERE "workspaceId" = ${workspaceId}::uuid AND fields ? ${key}::text) AS held`;
  return row?.held ?? false;
}

async function valuesOutside(tx: Tx, workspaceId: string, key: string, options: string[]) {
  const rows = await tx.$queryRaw<{ value: string }[]>`
    SELECT DISTINCT fields->>${key}::text AS value FROM "Contact"
     WHERE "workspaceId" = ${workspaceId}::uuid AND fields ? ${key}::text
       AND NOT (fields->>${key}::text = ANY(${options}::text[]))
     LIMIT 5`;
  return rows.map((r) => r.value);
}
