// One CSV row → a contact ready for upsertContacts (with its per-row tags and the warnings of values left out), or
// the message of the error report. Pure, so the rules are unit-tested without a database. Blank cells leave the
// contact's value as it is (never clear it): a file that lacks a value is not saying the value should go. Only the
// email can refuse a row: a bad optional value (a name too long, a time zone, a status, a custom field, a tag) is
// left out and named in a warning, so one odd cell does not cost the marketer the whole contact.
import { canonicalTimeZone, NAME_MAX, ZEmail } from "@/lib/schemas/contacts";
import { unescapeCsvCell } from "@/lib/csv/escape-csv-cell";
import { parseSubscriptionStatus, splitTagNames, TAG_NAME_MAX } from "@/lib/csv/import-cells";
import type { ImportAttribute, ImportMapping } from "@/lib/schemas/imports";
import { validateFields, type FieldDef } from "@/server/services/custom-fields/validate-fields";
import type { ValidContactInput } from "@/server/services/contacts/upsert-contacts";

/** Column indexes of each target, from the file's (unique) headers and the import's mapping. */
export type ColumnPlan = {
  email: number;
  firstName: number | null;
  lastName: number | null;
  timezone: number | null;
  status: number | null;
  tags: number | null;
  fields: { key: string; index: number; header: string }[];
  headers: string[];
};

/** Throws a message when the mapping does not fit the file or the workspace's fields (a permanent failure). */
export function planColumns(headers: string[], mapping: ImportMapping, defs: FieldDef[]): ColumnPlan {
  const plan: ColumnPlan = {
    email: -1,
    firstName: null,
    lastName: null,
    timezone: null,
    status: null,
    tags: null,
    fields: [],
    headers,
  };
  for (const [header, target] of Object.entries(mapping)) {
    if (target === null) continue;
    const index = headers.indexOf(header);
    if (index === -1) throw new Error(`The file has no column "${header}".`);
    if (target.startsWith("field:")) {
      const key = target.slice("field:".length);
      if (!defs.some((d) => d.key === key)) throw new Error(`The custom field "${key}" no longer exists.`);
      plan.fields.push({ key, index, header });
    } else {
      plan[target as ImportAttribute] = index;
    }
  }
  if (plan.email === -1) throw new Error("No column is mapped to email.");
  return plan;
}

export type RowResult =
  | { ok: true; row: ValidContactInput; tags: string[]; warnings: string[] }
  | { ok: false; email: string | null; message: string };

export function validateImportRow(cells: string[], plan: ColumnPlan, defs: FieldDef[]): RowResult {
  // Our own exports prefix risky cells with an apostrophe (formula injection); undo it so they re-import as-is.
  // Trimmed like every API input, also behind the apostrophe ("'\tx" is "x").
  const cell = (index: number | null) => (index === null ? "" : unescapeCsvCell((cells[index] ?? "").trim()).trim());
  const header = (index: number | null) => plan.headers[index!];
  const rawEmail = cell(plan.email);
  const email = ZEmail.safeParse(rawEmail);
  if (!rawEmail) return { ok: false, email: null, message: `${header(plan.email)}: The email is missing.` };
  if (!email.success) {
    const message = `${header(plan.email)}: ${email.error.issues[0]?.message}`;
    return { ok: false, email: rawEmail.slice(0, 320), message };
  }

  const warnings: string[] = [];
  const row: ValidContactInput = { email: email.data };
  for (const attr of ["firstName", "lastName"] as const) {
    const value = cell(plan[attr]);
    if (!value) continue;
    if (value.length > NAME_MAX) warnings.push(`${header(plan[attr])}: longer than ${NAME_MAX} characters, left out.`);
    else row[attr] = value;
  }
  const tz = cell(plan.timezone);
  if (tz) {
    const canonical = canonicalTimeZone(tz);
    if (canonical) row.timezone = canonical;
    else warnings.push(`${header(plan.timezone)}: "${clip(tz)}" is not a time zone such as Europe/Paris, left out.`);
  }
  const status = cell(plan.status);
  if (status) {
    const parsed = parseSubscriptionStatus(status);
    if (parsed) row.status = parsed;
    else
      warnings.push(
        `${header(plan.status)}: "${clip(status)}" is not subscribed or unsubscribed (yes/no, true/false, ` +
          "opted in/out and 1/0 work too), left out: a new contact is subscribed, an existing one keeps its status.",
      );
  }
  const { names: tags, tooLong } = splitTagNames(cell(plan.tags));
  for (const name of tooLong) {
    warnings.push(`${header(plan.tags)}: the tag "${clip(name)}" is longer than ${TAG_NAME_MAX} characters, skipped.`);
  }
  const raw: Record<string, string> = {};
  for (const f of plan.fields) {
    const value = cell(f.index);
    if (value) raw[f.key] = value;
  }
  if (plan.fields.length) {
    const { values, errors } = validateFields(defs, raw, "");
    const headerOf = new Map(plan.fields.map((f) => [`/${f.key}`, f.header]));
    for (const e of errors) warnings.push(`${headerOf.get(e.pointer) ?? e.pointer}: ${e.detail} Left out.`);
    // validateFields leaves out every invalid value and keeps the valid ones.
    if (Object.keys(values).length) row.fields = values;
  }
  return { ok: true, row, tags, warnings };
}

/** A cell quoted in a message, shortened so one huge cell cannot fill the report. */
const clip = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);
