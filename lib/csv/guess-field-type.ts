// What "Create custom field…" in the import's mapping step proposes for an unmatched column: a label and key from
// its header, and a type read from the preview's values. Only a proposal: the marketer sees and can change both.

export type GuessedType = "text" | "number" | "date" | "boolean";

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Words only: a column of 0 and 1 is as likely a count as a yes/no, and a number field takes it either way. */
const BOOLEAN = new Set(["true", "false", "yes", "no"]);

/**
 * The narrowest type every non-blank value fits, in the formats the importer accepts (validate-fields): booleans as
 * true/false or yes/no, numbers in plain notation, dates as YYYY-MM-DD or ISO 8601. No values: text.
 */
export function guessFieldType(values: readonly (string | undefined)[]): GuessedType {
  const filled = values.map((v) => (v ?? "").trim()).filter(Boolean);
  if (filled.length === 0) return "text";
  if (filled.every((v) => BOOLEAN.has(v.toLowerCase()))) return "boolean";
  if (filled.every((v) => NUMBER.test(v))) return "number";
  if (filled.every((v) => DATE.test(v))) return "date";
  return "text";
}

/** "Wholesale account" → "wholesale_account"; "2FA" → "f_2fa" (a key starts with a letter). At most 50 characters. */
export function fieldKeyFromLabel(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return (/^[a-z]/.test(slug) ? slug : slug ? `f_${slug}` : "").slice(0, 50).replace(/_+$/, "");
}
