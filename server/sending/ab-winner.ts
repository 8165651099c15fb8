// A/B winners. Choosing one (by the API, or automatically abWinnerAfterMinutes after the test batches went out, by
// human opens or clicks) records abWinner, gives every held recipient the winning variant and makes their batches
// due. It runs under the broadcast's row lock, which the fan-out also takes per chunk, so recipients fanned out
// after the choice get the winner directly and nobody is left held.
import { AppError } from "@/server/errors";
import { sql, sqlTransaction } from "@/server/db/pool";
import { variantIds } from "@/server/broadcasts/content";
import { releaseBatches } from "./send-rate";
import { broadcastNotFound } from "@/server/broadcasts/state";
import { illegalMove } from "@/server/state-moves";

export async function applyAbWinner({
  workspaceId,
  broadcastId,
  variantId,
}: {
  workspaceId: string;
  broadcastId: string;
  variantId: string;
}): Promise<void> {
  await sqlTransaction(async (query) => {
    const { rows } = await query<{ status: string; variants: unknown; abWinner: string | null }>(
      `SELECT status, variants, "abWinner" FROM "Broadcast" WHERE id = $1 AND "workspaceId" = $2 FOR UPDATE`,
      [broadcastId, workspaceId],
    );
    const b = rows[0];
    if (!b) throw broadcastNotFound();
    const ids = variantIds(b.variants);
    if (!ids.includes(variantId)) {
      const detail = ids.length
        ? `Not a variant of this broadcast. Its variants: ${ids.map((id) => `"${id}"`).join(", ")}.`
        : "This broadcast has no A/B variants.";
      throw new AppError("VALIDATION", "The variant is unknown.", [{ pointer: "#/variantId", detail }]);
    }
    if (b.status !== "sending" && b.status !== "sent") {
      throw illegalMove("broadcast", "choose the A/B winner of", b.status, ["sending", "sent"], {
        also: "The test has not been sent yet.",
      });
    }
    if (b.abWinner) {
      throw new AppError("CONFLICT", `The winner of this A/B test was already chosen: "${b.abWinner}".`);
    }
    await query(`UPDATE "Broadcast" SET "abWinner" = $2, "abWinnerAt" = now(), "updatedAt" = now() WHERE id = $1`, [
      broadcastId,
      variantId,
    ]);
    await query(`UPDATE "BroadcastRecipient" SET "variantId" = $2 WHERE "broadcastId" = $1 AND "variantId" IS NULL`, [
      broadcastId,
      variantId,
    ]);
    await releaseBatches(query, { broadcastId, workspaceId, from: "held" });
  });
}

/**
 * Automatic winners: sending broadcasts with a metric whose test batches have all been sent for
 * abWinnerAfterMinutes. The winner has the most recipients who opened (human or Apple MPP, never machine opens) or
 * clicked; a tie goes to the variant listed first.
 */
export async function pickDueAbWinners(
  log: (message: string, fields?: Record<string, unknown>) => void,
  workspaceIds: string[] | null = null,
) {
  const due = await sql<{ id: string; workspaceId: string; metric: string; variants: unknown }>(
    `SELECT b.id, b."workspaceId", b."abWinnerMetric" AS metric, b.variants FROM "Broadcast" b
      WHERE b.status = 'sending' AND b."abWinner" IS NULL AND ($1::uuid[] IS NULL OR b."workspaceId" = ANY($1::uuid[])) AND b."abWinnerMetric" IS NOT NULL
        AND b."abWinnerAfterMinutes" IS NOT NULL AND b."fanoutDoneAt" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "BroadcastBatch" bb WHERE bb."broadcastId" = b.id AND bb.status = 'held')
        AND NOT EXISTS (SELECT 1 FROM "BroadcastBatch" bb WHERE bb."broadcastId" = b.id AND bb.status = 'pending')
        AND (SELECT max(bb."sentAt") FROM "BroadcastBatch" bb WHERE bb."broadcastId" = b.id AND bb.status IN ('sent', 'failed'))
            + b."abWinnerAfterMinutes" * interval '1 minute' <= now()
      LIMIT 20`,
    [workspaceIds],
  );
  for (const b of due) {
    const column = b.metric === "clicks" ? `"clickedAt"` : `"openedAt"`;
    const scores = await sql<{ variantId: string; score: number }>(
      `SELECT "variantId", count(${column})::int AS score FROM "BroadcastRecipient"
        WHERE "broadcastId" = $1 AND "variantId" IS NOT NULL AND NOT "abRest" GROUP BY "variantId"`,
      [b.id],
    );
    const byId = new Map(scores.map((s) => [s.variantId, s.score]));
    const order = variantIds(b.variants);
    const winner = order.reduce((best, id) => ((byId.get(id) ?? 0) > (byId.get(best) ?? 0) ? id : best), order[0]!);
    try {
      await applyAbWinner({ workspaceId: b.workspaceId, broadcastId: b.id, variantId: winner });
      log("A/B winner chosen", { broadcastId: b.id, variantId: winner, metric: b.metric });
    } catch (error) {
      log("A/B winner not applied", { broadcastId: b.id, error: String(error) });
    }
  }
}
