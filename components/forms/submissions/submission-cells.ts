// How a submission reads in the table: its traffic source (the rule the analytics use) and each submitted value.
import type { FormField } from "@/lib/schemas/forms";

/** utm_source, else the referrer's host, else "Direct": the same rule as FormSubmission.source and the analytics. */
export function submissionSource(utmSource: string | null, referrer: string | null): string {
  if (utmSource?.trim()) return utmSource.trim();
  if (referrer && URL.canParse(referrer)) {
    const host = new URL(referrer).hostname.replace(/^www\./, "");
    if (host) return host;
  }
  return "Direct";
}

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
