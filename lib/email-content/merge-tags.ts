// Merge tags: `{{firstName}}`, `{{firstName|there}}` (fallback when the value is empty), `{{email}}`, `{{lastName}}`
// and any custom-field key (`{{company|}}`). Shared by the renderer, personalize() and the click redirect, so a tag
// means the same thing in a subject, a body and a link. How drafts and the composer's menus use them:
// draft-merge-tags.ts.

/** `{{ key }}` or `{{ key | fallback }}`; the fallback may be empty and runs to the closing braces. */
export const MERGE_TAG = /\{\{\s*([A-Za-z][A-Za-z0-9_]{0,49})\s*(?:\|([^{}]*))?\}\}/g;

export type MergeValues = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  fields: Record<string, unknown>;
};

// The CSV importer and custom-field keys are snake_case; authors coming from other tools write either.
const BUILT_IN: Record<string, (v: MergeValues) => unknown> = {
  email: (v) => v.email,
  firstName: (v) => v.firstName,
  first_name: (v) => v.firstName,
  lastName: (v) => v.lastName,
  last_name: (v) => v.lastName,
};

function fieldText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(fieldText).filter(Boolean).join(", ");
  // Objects and null have no sensible text: the fallback reads better than "[object Object]".
  return "";
}

/**
 * The text a tag stands for: the contact's value, else the fallback, else "". Unknown keys are treated as an empty
 * custom field, so a typo shows the fallback instead of leaking `{{frstName}}` to thousands of people.
 */
export function mergeValue(values: MergeValues, key: string, fallback: string | null): string {
  const builtIn = BUILT_IN[key];
  const raw = builtIn ? builtIn(values) : Object.hasOwn(values.fields, key) ? values.fields[key] : undefined;
  const text = fieldText(raw);
  return text !== "" ? text : (fallback ?? "").trim();
}

/** Replaces every merge tag in `source` with `replace(key, fallback)`. */
export function replaceMergeTags(source: string, replace: (key: string, fallback: string | null) => string): string {
  return source.replace(MERGE_TAG, (_, key: string, fallback: string | undefined) => replace(key, fallback ?? null));
}
