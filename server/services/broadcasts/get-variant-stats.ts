// An A/B broadcast's variants side by side, among the test group only, and the winner's send to the rest of the
// audience (abRest) as its own figures: adding that send to the winner's test results would compare a variant sent
// to 20 % with one sent to 90 %. The only read of the report that scans recipients: one GROUP BY over the
// broadcast's BroadcastRecipient rows (the rollups keep no per-variant counters), and only for A/B broadcasts.
import "server-only";
import type { VariantStats } from "@/lib/broadcast-report";
import { sql } from "@/server/db/pool";
import { broadcastNotFound } from "@/server/broadcasts/state";
import { percent } from "./broadcast-counters";

type Group = {
  variantId: string | null;
  rest: boolean;
  recipients: number;
  sent: number;
  bounced: number;
  opened: number;
  clicked: number;
};

/** Null for a broadcast without variants (nothing to compare, and no scan). */
export async function getVariantStats({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<VariantStats | null> {
  const [b] = await sql<{
    variants: unknown;
    abWinner: string | null;
    abWinnerAt: Date | null;
    abWinnerMetric: string | null;
    abWinnerAfterMinutes: number | null;
  }>(
    `SELECT variants, "abWinner", "abWinnerAt", "abWinnerMetric", "abWinnerAfterMinutes"
       FROM "Broadcast" WHERE id = $1 AND "workspaceId" = $2 AND "automationId" IS NULL`,
    [broadcastId, workspaceId],
  );
  if (!b) throw broadcastNotFound();
  const variants = variantsOf(b.variants);
  if (variants.length === 0) return null;
  const groups = await sql<Group>(
    `SELECT "variantId", "abRest" AS rest, count(*)::int AS recipients,
            count(*) FILTER (WHERE status = 'sent')::int AS sent,
            count("bouncedAt")::int AS bounced,
            count("openedAt")::int AS opened,
            count("clickedAt")::int AS clicked
       FROM "BroadcastRecipient" WHERE "broadcastId" = $1 AND "workspaceId" = $2
      GROUP BY "variantId", "abRest"`,
    [broadcastId, workspaceId],
  );
  const test = (id: string) => groups.find((g) => g.variantId === id && !g.rest);
  const winner = variants.find((v) => v.id === b.abWinner);
  return {
    variants: variants.map((v) => variantResult(v, test(v.id))),
    held: groups.find((g) => g.variantId === null)?.recipients ?? 0,
    winnerSend: winner
      ? variantResult(
          winner,
          groups.find((g) => g.variantId === winner.id && g.rest),
        )
      : null,
    winner: b.abWinner,
    winnerAt: b.abWinnerAt?.toISOString() ?? null,
    metric: b.abWinnerMetric === "opens" || b.abWinnerMetric === "clicks" ? b.abWinnerMetric : null,
    afterMinutes: b.abWinnerAfterMinutes,
  };
}

/** The stored variants' ids and subjects, in their order (the column is JSON the update schema validated). */
function variantsOf(stored: unknown): { id: string; subject: string }[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((v: { id?: unknown; subject?: unknown } | null) =>
    v && typeof v.id === "string" ? [{ id: v.id, subject: typeof v.subject === "string" ? v.subject : "" }] : [],
  );
}

function variantResult(v: { id: string; subject: string }, g: Group | undefined) {
  // The same denominator as the broadcast's rates: messages sent and not known to have bounced.
  const reached = Math.max(0, (g?.sent ?? 0) - (g?.bounced ?? 0));
  return {
    id: v.id,
    subject: v.subject,
    recipients: g?.recipients ?? 0,
    sent: g?.sent ?? 0,
    uniqueOpens: g?.opened ?? 0,
    openRate: percent(g?.opened ?? 0, reached),
    clicked: g?.clicked ?? 0,
    clickRate: percent(g?.clicked ?? 0, reached),
  };
}
