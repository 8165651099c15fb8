import { sql } from "@/server/db/pool";
import { offsetPage, offsetWindow, type OffsetPage } from "@/server/http/pagination";
import type { ListOutboxQuery, OutboxSummary } from "@/lib/schemas/outbox";
import { outboxSummaryColumns, outboxSummaryJoins, toOutboxSummary, type OutboxSummaryRow } from "./outbox-record";

/**
 * The workspace's outbox, newest first (the (workspaceId, createdAt, id) index), optionally narrowed to a kind and
 * to a recipient or subject containing `search`. One query returns the page and the total; a page past the end has
 * no row to carry the total, so only then is it counted separately.
 */
export async function listOutboxMessages({
  workspaceId,
  query,
  includeInvitations = false,
}: {
  workspaceId: string;
  query: ListOutboxQuery;
  /** Invitation emails hold a join link: only roles that reach `team` see them, or count them (can(role, "team")). */
  includeInvitations?: boolean;
}): Promise<OffsetPage<OutboxSummary>> {
  const { skip, take } = offsetWindow(query);
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, "\\$&")}%` : null;
  const where = `m."workspaceId" = $1
      AND ($2::text IS NULL OR m.kind = $2)
      AND ($3::text IS NULL OR m."toAddress" ILIKE $3 OR m.subject ILIKE $3)
      AND ($4::boolean OR m.kind <> 'invitation')`;
  const filters = [workspaceId, query.kind ?? null, search, includeInvitations];
  const rows = await sql<OutboxSummaryRow & { total: number }>(
    `SELECT ${outboxSummaryColumns}, count(*) OVER ()::int AS total
       FROM ${outboxSummaryJoins}
      WHERE ${where}
      ORDER BY m."createdAt" DESC, m.id DESC
      LIMIT $5 OFFSET $6`,
    [...filters, take, skip],
  );
  const first = rows[0];
  if (first) return offsetPage(rows.map(toOutboxSummary), first.total, query);
  if (skip === 0) return offsetPage([], 0, query);
  const [count] = await sql<{ total: number }>(
    `SELECT count(*)::int AS total FROM "OutboxMessage" m WHERE ${where}`,
    filters,
  );
  return offsetPage([], count?.total ?? 0, query);
}
