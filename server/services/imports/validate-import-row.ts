// One CSV row → a contact ready for upsertContacts, or the message of the error report. Pure, so the rules are
// unit-tested without a database. Blank cells leave the contact's value as it is (never clear it): a file that
// lacks a value is not saying the value should go.
import { canonicalTimeZone, NAME_MAX, ZEmail } from "@/lib/schemas/contacts";
import { unescapeCsvCell } from "@/lib/csv/escape-csv-cell";
import type { ImportMapping } from "@/lib/schemas/imports";
import { validateFields, type FieldDef } from "@/server/services/custom-fields/validate-fields";
import type { ValidContactInput } from "@/server/services/contacts/upsert-contacts";

/** Column indexes of each target, from the file's (unique) headers and the import's mapping. */
export type ColumnPlan = {
  email: number;
  firstName: number | null;
  lastName: number | null;
  timezone: number | null;
  fields: { key: string; index: number; header: string }[];
  headers: string[];
};

/** Throws a message when the mapping does not fit the file or the workspace's fields (a permanent failure). */
export function planColumns(headers: string[], mapping: ImportMapping, defs: FieldDef[]): ColumnPlan {
  const plan: ColumnPlan = { email: -1, firstName: null, lastName: null, timezone: null, fields: [], headers };
  for (const [header, target] of Object.entries(mapping)) {
    if (target === null) continue;
    const index = headers.indexOf(header);
    if (index === -1) throw new Error(`The file has no column "${header}".`);
    if (target.startsWith("field:")) {
      const key = target.slice("field:".length);
      if (!defs.some((d) => d.key === key)) throw new Error(`The custom field "${key}" no longer exists.`);
      plan.fields.push({ key, index, header });
    } else {
      plan[target as "email" | "firstName" | "lastName" | "timezone"] = index;
    }
  }
  if (plan.email === -1) throw new Error("No column is mapped to email.");
  return plan;
}

export type RowResult = { ok: true; row: ValidContactInput } | { ok: false; email: string | null; message: string };

export function validateImportRow(cells: string[], plan: ColumnPlan, defs: FieldDef[]): RowResult {
  // Our own exports prefix risky cells with an apostrophe (formula injection); undo it so they re-import as-is.
  // Trimmed like every API input, also behind the apostrophe ("'\tx" is "x").
  const cell = (index: number | null) => (index === null ? "" : unescapeCsvCell((cells[index] ?? "").trim()).trim());
  const problems: string[] = [];
  const rawEmail = cell(plan.email);
  const email = ZEmail.safeParse(rawEmail);
  if (!rawEmail) problems.push(`${plan.headers[plan.email]}: The email is missing.`);
  else if (!email.success) problems.push(`${plan.headers[plan.email]}: ${email.error.issues[0]?.message}`);

  const row: ValidContactInput = { email: email.success ? email.data : rawEmail };
  for (const attr of ["firstName", "lastName"] as const) {
    const value = cell(plan[attr]);
    if (!value) continue;
    if (value.length > NAME_MAX) problems.push(`${plan.headers[plan[attr]!]}: At most ${NAME_MAX} characters.`);
    else row[attr] = value;
  }
  const tz = cell(plan.timezone);
  if (tz) {
    const canonical = canonicalTimeZone(tz);
    if (canonical) row.timezone = canonical;
    else problems.push(`${plan.headers[plan.timezone!]}: "${tz}" is not an IANA time zone such as Europe/Paris.`);
  }
  const raw: Record<string, string> = {};
  for (const f of plan.fields) {
    const value = cell(f.index);
    if (value) raw[f.key] = value;
  }
  if (plan.fields.length) {
    const { values, errors } = validateFields(defs, raw, "");
    const headerOf = new Map(plan.fields.map((f) => [`/${f.key}`, f.header]));
    for (const e of errors) problems.push(`${headerOf.get(e.pointer) ?? e.pointer}: ${e.detail}`);
    if (Object.keys(values).length) row.fields = values;
  }
  if (problems.length)
    return { ok: false, email: rawEmail ? rawEmail.slice(0, 320) : null, message: problems.join("; ").slice(0, 2000) };
  return { ok: true, row };
}
