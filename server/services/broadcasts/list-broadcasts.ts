import { Prisma } from "@/server/db/generated/client";
import { sql } from "@/server/db/pool";
import { decodeCursor, encodeCursor, invalidCursor, offsetWindow } from "@/server/http/pagination";
import type { Broadcast, ListBroadcastsQuery } from "@/lib/schemas/broadcasts";
import { broadcastColumns, toBroadcast, type BroadcastRow } from "./broadcast-record";

type Sort = ListBroadcastsQuery["sortBy"];
type Position = { k: "broadcasts"; s: Sort; o: "asc" | "desc"; v: string; i: string };

/**
 * The sort expression and its SQL type (for the cursor's value). Names sort case-insensitively, as people read them;
 * broadcasts without a scheduledAt sort last in either direction (±infinity), so the keyset never meets a NULL.
 */
function sortKey(sortBy: Sort, order: "asc" | "desc") {
  switch (sortBy) {
    case "name":
      return { expr: Prisma.sql`lower(b.name)`, type: Prisma.raw("text") };
    case "sentCount":
      return { expr: Prisma.sql`b."sentCount"`, type: Prisma.raw("int") };
    case "scheduledAt":
      return {
        expr: Prisma.raw(`coalesce(b."scheduledAt", '${order === "asc" ? "infinity" : "-infinity"}'::timestamptz)`),
        type: Prisma.raw("timestamptz"),
      };
    default:
      return { expr: Prisma.raw(`b."${sortBy}"`), type: Prisma.raw("timestamptz") };
  }
}

export type BroadcastPage = {
  data: Broadcast[];
  nextCursor: string | null;
  total: number;
  page: number;
  limit: number;
  totalPages: number;
};

/**
 * Both pagination styles of the spec in one answer. With `cursor`, the page after that position (keyset on the
 * sort and id, so rows added meanwhile never shift a page); without, `page` by offset. Either way `nextCursor`
 * continues from the last row shown, and `page` says where that page sits (with a cursor: counted from the rows
 * before it, for the same limit).
 */
export async function listBroadcasts({
  workspaceId,
  query,
}: {
  workspaceId: string;
  query: ListBroadcastsQuery;
}): Promise<BroadcastPage> {
  const { sortBy, order, limit } = query;
  const { expr, type } = sortKey(sortBy, order);
  const where = filterSql(workspaceId, query);
  const dir = Prisma.raw(order === "asc" ? "ASC" : "DESC");
  const after = query.cursor ? readPosition(query.cursor, sortBy, order) : null;
  const cmp = Prisma.raw(order === "asc" ? ">" : "<");
  const keyset = after ? Prisma.sql`AND (${expr}, b.id) ${cmp} (${after.v}::${type}, ${after.i}::uuid)` : Prisma.empty;
  const skip = after ? 0 : offsetWindow(query).skip;
  const q = Prisma.sql`
    SELECT ${Prisma.raw(broadcastColumns)}, (${expr})::text AS "sortValue"
      FROM "Broadcast" b
     WHERE ${where} ${keyset}
     ORDER BY ${expr} ${dir}, b.id ${dir}
     LIMIT ${limit + 1} OFFSET ${skip}`;
  const rows = await sql<BroadcastRow & { sortValue: string }>(q.text, q.values);
  const totalQ = Prisma.sql`SELECT count(*)::int AS n FROM "Broadcast" b WHERE ${where}`;
  const [{ n: total }] = (await sql<{ n: number }>(totalQ.text, totalQ.values)) as [{ n: number }];
  let page = query.page;
  if (after) {
    const beforeQ = Prisma.sql`SELECT count(*)::int AS n FROM "Broadcast" b
      WHERE ${where} AND NOT ((${expr}, b.id) ${cmp} (${after.v}::${type}, ${after.i}::uuid))`;
    const [{ n: before }] = (await sql<{ n: number }>(beforeQ.text, beforeQ.values)) as [{ n: number }];
    page = Math.floor(before / limit) + 1;
  }
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ k: "broadcasts", s: sortBy, o: order, v: last.sortValue, i: last.id } satisfies Position)
      : null;
  return {
    data: shown.map(toBroadcast),
    nextCursor,
    total,
    page,
    limit,
    totalPages: Math.ceil(total / limit),
  };
}

function filterSql(workspaceId: string, q: ListBroadcastsQuery): Prisma.Sql {
  const parts = [
    Prisma.sql`b."workspaceId" = ${workspaceId}::uuid`,
    // An automation's step broadcasts are its own, never listed with the broadcasts.
    Prisma.sql`b."automationId" IS NULL`,
    q.archived ? Prisma.sql`b."archivedAt" IS NOT NULL` : Prisma.sql`b."archivedAt" IS NULL`,
  ];
  if (q.status) parts.push(Prisma.sql`b.status = ${q.status}::"BroadcastStatus"`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, "\\$&")}%`;
    parts.push(Prisma.sql`(b.name ILIKE ${like} OR b.subject ILIKE ${like})`);
  }
  if (q.from) parts.push(Prisma.sql`b."createdAt" >= ${q.from}`);
  if (q.to) parts.push(Prisma.sql`b."createdAt" <= ${q.to}`);
  return Prisma.join(parts, " AND ");
}

/** Signed, so only our cursors get here; a cursor of another sort or order (or another list) is refused. */
function readPosition(cursor: string, sortBy: Sort, order: "asc" | "desc"): Position {
  const p = decodeCursor<Position>(cursor);
  const valid =
    p.k === "broadcasts" && typeof p.v === "string" && typeof p.i === "string" && /^[0-9a-f-]{36}$/i.test(p.i);
  if (!valid) throw invalidCursor();
  if (p.s !== sortBy || p.o !== order) throw invalidCursor();
  return p;
}
