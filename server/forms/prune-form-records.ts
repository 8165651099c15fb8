// Housekeeping of the public side: view ids are kept only while a page could still report the same view again
// (two days); confirmation rows a month (the per-address cap looks back one day, the links live seven).
import { sql } from "@/server/db/pool";

export const VIEW_ID_RETENTION_HOURS = 48;
export const CONFIRMATION_RETENTION_DAYS = 30;

export async function pruneFormRecords(): Promise<{ views: number; confirmations: number }> {
  const views = await sql<{ n: number }>(
    `WITH gone AS (DELETE FROM "FormView" WHERE "createdAt" < now() - make_interval(hours => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [VIEW_ID_RETENTION_HOURS],
  );
  const confirmations = await sql<{ n: number }>(
    `WITH gone AS (DELETE FROM "FormConfirmation" WHERE "createdAt" < now() - make_interval(days => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [CONFIRMATION_RETENTION_DAYS],
  );
  return { views: views[0]?.n ?? 0, confirmations: confirmations[0]?.n ?? 0 };
}
