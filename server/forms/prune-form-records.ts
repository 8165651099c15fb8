// Housekeeping of the public side: view ids are kept only while a page could still report the same view again
// (two days); confirmation rows a month (the per-address cap looks back one day, the links live seven); a spent
// render token's nonce only while the token itself could still be accepted (a day after it was issued, and it was
// spent after that), plus an hour for a clock between the web server and the database that runs ahead.
import { sql } from "@/server/db/pool";
import { RENDER_TOKEN_MAX_AGE_MS } from "@/server/services/public-forms/render-token";

export const VIEW_ID_RETENTION_HOURS = 48;
export const CONFIRMATION_RETENTION_DAYS = 30;
export const TOKEN_USE_RETENTION_SECONDS = RENDER_TOKEN_MAX_AGE_MS / 1000 + 3_600;

const prune = async (table: string, seconds: number) => {
  const [row] = await sql<{ n: number }>(
    `WITH gone AS (DELETE FROM "${table}" WHERE "createdAt" < now() - make_interval(secs => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [seconds],
  );
  return row?.n ?? 0;
};

export async function pruneFormRecords(): Promise<{ views: number; confirmations: number; tokenUses: number }> {
  return {
    views: await prune("FormView", VIEW_ID_RETENTION_HOURS * 3_600),
    confirmations: await prune("FormConfirmation", CONFIRMATION_RETENTION_DAYS * 86_400),
    tokenUses: await prune("FormTokenUse", TOKEN_USE_RETENTION_SECONDS),
  };
}
