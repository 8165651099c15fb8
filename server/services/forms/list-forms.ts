import { Prisma } from "@/server/db/generated/client";
import { sql } from "@/server/db/pool";
import { offsetPage, offsetWindow, type OffsetPage } from "@/server/http/pagination";
import type { Form, ListFormsQuery } from "@/lib/schemas/forms";
import { formColumns, toForm, type FormRow } from "./form-record";

/**
 * The forms of a workspace (never deleted ones), filtered and sorted as the API's list query says; the dashboard's
 * list calls it with the same query. Names sort case-insensitively, as people read them; forms never published sort
 * last by publishedAt in either direction; the id breaks ties so pages never overlap.
 */
export async function listForms({
  workspaceId,
  query,
}: {
  workspaceId: string;
  query: ListFormsQuery;
}): Promise<OffsetPage<Form>> {
  const { skip, take } = offsetWindow(query);
  const dir = Prisma.raw(query.order === "asc" ? "ASC" : "DESC");
  const sortExpr = {
    createdAt: Prisma.raw(`f."createdAt"`),
    name: Prisma.raw(`lower(f.name)`),
    publishedAt: Prisma.raw(`f."publishedAt"`),
    submissionsCount: Prisma.raw(`"submissionsCount"`),
  }[query.sortBy];
  const where = filterSql(workspaceId, query);
  const q = Prisma.sql`
    SELECT ${Prisma.raw(formColumns)}, count(*) OVER ()::int AS total
      FROM "Form" f
     WHERE ${where}
     ORDER BY ${sortExpr} ${dir} NULLS LAST, f.id ${dir}
     LIMIT ${take} OFFSET ${skip}`;
  const rows = await sql<FormRow & { total: number }>(q.text, q.values);
  // A page past the end has no row to carry the total: count separately only then.
  let total = rows[0]?.total;
  if (total === undefined) {
    const countQ = Prisma.sql`SELECT count(*)::int AS n FROM "Form" f WHERE ${where}`;
    total = skip === 0 ? 0 : ((await sql<{ n: number }>(countQ.text, countQ.values))[0]?.n ?? 0);
  }
  return offsetPage(
    rows.map(({ total: _, ...row }) => toForm(row)),
    total,
    query,
  );
}

function filterSql(workspaceId: string, q: ListFormsQuery): Prisma.Sql {
  const parts = [Prisma.sql`f."workspaceId" = ${workspaceId}::uuid`, Prisma.sql`f."deletedAt" IS NULL`];
  if (q.status) parts.push(Prisma.sql`f.status = ${q.status}::"FormStatus"`);
  if (q.type) parts.push(Prisma.sql`f.type = ${q.type}::"FormType"`);
  if (q.search) parts.push(Prisma.sql`f.name ILIKE ${`%${q.search.replace(/[\\%_]/g, "\\$&")}%`}`);
  if (q.from) parts.push(Prisma.sql`f."createdAt" >= ${q.from}`);
  if (q.to) parts.push(Prisma.sql`f."createdAt" <= ${q.to}`);
  return Prisma.join(parts, " AND ");
}
