// The contacts page's counts: the workspace's total and, with filters, how many match ("318 of 12,408 match").
// Exact counts: at 100,000 contacts the total is an index-only scan of (workspaceId, status) and a search a single
// sequential pass (bench/bulk measures both), fast enough that an estimate would only add doubt.
import { sql } from "@/server/db/pool";
import { Prisma } from "@/server/db/generated/client";
import type { ContactsFilterInput } from "./bulk-action-schema";
import { bulkTargetSql, isFiltered } from "./bulk-target";

export async function countContacts({ workspaceId, filter }: { workspaceId: string; filter: ContactsFilterInput }) {
  const totalQuery = Prisma.sql`SELECT count(*)::int AS n FROM "Contact" c WHERE c."workspaceId" = ${workspaceId}::uuid`;
  const matchingQuery = isFiltered(filter)
    ? Prisma.sql`SELECT count(*)::int AS n FROM "Contact" c
                  WHERE ${await bulkTargetSql(workspaceId, { kind: "filter", filter })}`
    : null;
  const [[total], matching] = await Promise.all([
    sql<{ n: number }>(totalQuery.text, totalQuery.values),
    matchingQuery ? sql<{ n: number }>(matchingQuery.text, matchingQuery.values) : null,
  ]);
  return { total: total?.n ?? 0, matching: matching ? (matching[0]?.n ?? 0) : null };
}
