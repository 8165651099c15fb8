// How a submission reads in the table: each submitted value (the traffic source is the record's own `source`).
import type { FormField } from "@/lib/schemas/forms";

/** A submitted value as text: a ticked box "Yes", an unticked one "No", lists joined, nothing as an em dash. */
export function valueText(field: Pick<FormField, "type">, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field.type === "checkbox" || field.type === "consent") {
    if (value === "true" || value === "on") return "Yes";
    if (value === "false") return "No";
  }
  if (Array.isArray(value)) return value.map(String).join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The table's value columns: every field but the email (its own column), in form order. */
export function valueColumns(fields: FormField[]): FormField[] {
  return fields.filter((f) => f.type !== "email");
}

/** The column heading of a field: its label, or for hidden fields (which have none) the name. */
export function columnLabel(field: FormField): string {
  return field.type === "hidden" ? field.name : field.label;
}
