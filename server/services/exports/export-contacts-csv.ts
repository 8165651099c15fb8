// Contacts as a CSV download, streamed in keyset pages of 1,000 ((createdAt, id) order, never OFFSET, never the
// whole list in memory). Filters are those of the contacts list (contactFilterSql): all, a segment, a status, a
// tag, a search, a created range. Cells are formula-safe and RFC 4180-quoted (lib/csv).
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { csvStream, type CsvCell } from "@/lib/csv/csv-stream";
import { contactFilterSql, type ContactFilter } from "@/server/services/contacts/contact-filter";

export const EXPORT_BATCH = 1000;

export const EXPORT_COLUMNS = [
  "email",
  "first_name",
  "last_name",
  "status",
  "timezone",
  "source",
  "tags",
  "created_at",
  "subscribed_at",
  "unsubscribed_at",
] as const;

type ExportRow = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: string;
  timezone: string | null;
  source: string;
  fields: unknown;
  createdAt: Date;
  subscribedAt: Date | null;
  unsubscribedAt: Date | null;
  tags: string | null;
};

export type ExportContactsInput = {
  workspaceId: string;
  filter?: Omit<ContactFilter, "workspaceId">;
  /** A UTF-8 BOM for Excel (the dashboard download); off for API clients. */
  bom?: boolean;
};

/**
 * Everything that can fail is done before the response starts: the filter is resolved (an unknown tag or segment
 * is a 422), the custom fields are read and csvStream reads the first page, so a bad request or a database that is
 * down answers a problem, never a 200 cut short. A page that fails later fails the download (lib/csv/csv-stream).
 */
export async function exportContactsCsv({ workspaceId, filter = {}, bom = false }: ExportContactsInput) {
  const where = await contactFilterSql({ ...filter, workspaceId });
  const fieldKeys = (
    await db().customField.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { key: true },
    })
  ).map((f) => f.key);
  let after: { createdAt: Date; id: string } | null = null;
  let exhausted = false;
  return csvStream(
    [...EXPORT_COLUMNS, ...fieldKeys],
    async () => {
      // A short page is the last one: no further query just to learn that nothing follows.
      if (exhausted) return null;
      const keyset = after
        ? Prisma.sql`AND (c."createdAt", c.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : Prisma.empty;
      // Tags are aggregated for the page only (the CTE), not for every contact the filter matches.
      const rows = await db().$queryRaw<ExportRow[]>`
        WITH page AS (
          SELECT c.id, c.email, c."firstName", c."lastName", c.status::text AS status, c.timezone, c.source,
                 c.fields, c."createdAt", c."subscribedAt", c."unsubscribedAt"
            FROM "Contact" c
           WHERE ${where} ${keyset}
           ORDER BY c."createdAt", c.id
           LIMIT ${EXPORT_BATCH})
        SELECT page.*,
               (SELECT string_agg(t.name, '; ' ORDER BY t."nameKey")
                  FROM "ContactTag" ct JOIN "Tag" t ON t.id = ct."tagId"
                 WHERE ct."contactId" = page.id) AS tags
          FROM page
         ORDER BY page."createdAt", page.id`;
      exhausted = rows.length < EXPORT_BATCH;
      const last = rows.at(-1);
      if (!last) return null;
      after = { createdAt: last.createdAt, id: last.id };
      return rows.map((r) => toCells(r, fieldKeys));
    },
    { bom, context: { export: "contacts", workspaceId } },
  );
}

function toCells(r: ExportRow, fieldKeys: string[]): CsvCell[] {
  const fields = r.fields && typeof r.fields === "object" ? (r.fields as Record<string, unknown>) : {};
  return [
    r.email,
    r.firstName,
    r.lastName,
    r.status,
    r.timezone,
    r.source,
    r.tags,
    r.createdAt.toISOString(),
    r.subscribedAt?.toISOString(),
    r.unsubscribedAt?.toISOString(),
    ...fieldKeys.map((key) => fieldText(fields[key])),
  ];
}

function fieldText(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}
