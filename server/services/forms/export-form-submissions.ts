// Every submission of one form as a CSV download, newest first like the dashboard table, streamed in keyset pages of
// 1,000 ((submittedAt, id) down the form's own index, never OFFSET, never the whole form in memory). Cells are
// formula-safe and RFC 4180-quoted (lib/csv): submitted values are typed by strangers on the internet.
import "server-only";
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { csvStream, type CsvCell } from "@/lib/csv/csv-stream";
import { ZFormFields } from "@/lib/schemas/form-definition";
import { formNotFound } from "./form-record";

export const SUBMISSIONS_EXPORT_BATCH = 1000;

/** Columns before the submitted values, and after them (the request's details, rarely wanted first). */
/** audience_status: the contact's status right after submitting; contact_status: now (subscribed once confirmed). */
export const LEADING_COLUMNS = ["submitted_at", "email", "audience_status", "contact_status"] as const;
export const TRAILING_COLUMNS = [
  "source",
  "device",
  "utm_source",
  "referrer",
  "timezone",
  "ip_address",
  "user_agent",
  "contact_id",
  "submission_id",
] as const;

type Row = {
  id: string;
  contactId: string;
  contactEmail: string;
  audienceStatus: string;
  contactStatus: string;
  data: unknown;
  source: string;
  device: string;
  utmSource: string | null;
  referrer: string | null;
  timezone: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  submittedAt: Date;
};

export type ExportFormSubmissionsInput = {
  workspaceId: string;
  formId: string;
  /** A UTF-8 BOM for Excel (the dashboard download). */
  bom?: boolean;
};

/**
 * The form is looked up in the caller's workspace first (another workspace's form, or a deleted one, is a 404
 * before any byte), then its value columns are settled: the current fields in their order, then any name that only
 * older submissions carry (a field renamed or removed since), so editing a form never drops collected answers.
 */
export async function exportFormSubmissions({ workspaceId, formId, bom = false }: ExportFormSubmissionsInput) {
  const form = await db().form.findFirst({
    where: { id: formId, workspaceId, deletedAt: null },
    select: { name: true, fields: true },
  });
  if (!form) throw formNotFound();
  const valueColumns = await submissionValueColumns(formId, form.fields);

  let after: { submittedAt: Date; id: string } | null = null;
  let exhausted = false;
  const stream = await csvStream(
    [...LEADING_COLUMNS, ...valueColumns, ...TRAILING_COLUMNS],
    async () => {
      if (exhausted) return null;
      const keyset = after
        ? Prisma.sql`AND (s."submittedAt", s.id) < (${after.submittedAt}::timestamptz, ${after.id}::uuid)`
        : Prisma.empty;
      const rows = await db().$queryRaw<Row[]>`
        SELECT s.id, s."contactId", s."contactEmail", s."audienceStatus", c.status::text AS "contactStatus", s.data,
               s.source, s.device, s."utmSource", s.referrer, s.timezone, s."ipAddress", s."userAgent", s."submittedAt"
          FROM "FormSubmission" s JOIN "Contact" c ON c.id = s."contactId"
         WHERE s."formId" = ${formId}::uuid AND s."workspaceId" = ${workspaceId}::uuid ${keyset}
         ORDER BY s."submittedAt" DESC, s.id DESC
         LIMIT ${SUBMISSIONS_EXPORT_BATCH}`;
      exhausted = rows.length < SUBMISSIONS_EXPORT_BATCH;
      const last = rows.at(-1);
      if (!last) return null;
      after = { submittedAt: last.submittedAt, id: last.id };
      return rows.map((r) => toCells(r, valueColumns));
    },
    { bom, context: { export: "form-submissions", workspaceId, formId } },
  );
  return { stream, filename: submissionsExportFilename(form.name) };
}

/** The current fields' names in form order (the email is its own column), then names only older rows hold. */
async function submissionValueColumns(formId: string, fields: unknown): Promise<string[]> {
  const parsed = ZFormFields.safeParse(fields);
  const current = parsed.success ? parsed.data.map((f) => f.name).filter((n) => n !== "email") : [];
  const stored = await sql<{ key: string }>(
    `SELECT DISTINCT jsonb_object_keys(data) AS key
       FROM "FormSubmission"
      WHERE "formId" = $1::uuid AND jsonb_typeof(data) = 'object'`,
    [formId],
  );
  const known = new Set([...current, "email"]);
  const older = stored
    .map((r) => r.key)
    .filter((k) => !known.has(k))
    .sort();
  return [...current, ...older];
}

function toCells(r: Row, valueColumns: string[]): CsvCell[] {
  const data = r.data && typeof r.data === "object" ? (r.data as Record<string, unknown>) : {};
  return [
    r.submittedAt.toISOString(),
    r.contactEmail,
    r.audienceStatus,
    r.contactStatus,
    ...valueColumns.map((name) => valueText(data[name])),
    r.source,
    r.device,
    r.utmSource,
    r.referrer,
    r.timezone,
    r.ipAddress,
    r.userAgent,
    r.contactId,
    r.id,
  ];
}

/** A submitted value as one cell: text as is, a ticked box as true/false, anything structured as its JSON. */
export function valueText(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}

/**
 * `<form-name>-submissions-YYYY-MM-DD.csv`: the name reduced to ASCII letters, digits and hyphens, because a
 * Content-Disposition header cannot carry other characters (a Response with one throws).
 */
export function submissionsExportFilename(formName: string, now = new Date()): string {
  const slug = formName
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "form"}-submissions-${now.toISOString().slice(0, 10)}.csv`;
}
