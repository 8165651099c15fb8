// Pausing a send in progress: its status stays `sending` and `paused` says so; the claim query skips its batches, so
// nothing new leaves (batches already in flight finish). Resuming makes the rest due again, spaced by the
// workspace's send rate, and the send carries on where it stopped: recipients already sent are never touched again.
import { sqlTransaction, type Query } from "@/server/db/pool";
import { releaseBatches } from "./send-rate";
import { broadcastNotFound } from "@/server/broadcasts/state";
import { illegalMove } from "@/server/state-moves";

type Target = { workspaceId: string; broadcastId: string };

/** Locks a sending broadcast's row for a pause or resume: 404 unknown, 409 unless sending and `paused` is as given. */
async function lockSending(query: Query, t: Target, action: "pause" | "resume", paused: boolean) {
  const { rows } = await query<{ status: string; paused: boolean }>(
    `SELECT status, paused FROM "Broadcast" WHERE id = $1 AND "workspaceId" = $2 FOR UPDATE`,
    [t.broadcastId, t.workspaceId],
  );
  const b = rows[0];
  if (!b) throw broadcastNotFound();
  if (b.status !== "sending") throw illegalMove("broadcast", action, b.status, ["sending"]);
  if (b.paused !== paused) {
    throw illegalMove("broadcast", action, "sending", ["sending"], {
      also: paused ? "It is not paused." : "It is already paused.",
    });
  }
}

export async function pauseSending(t: Target) {
  await sqlTransaction(async (query) => {
    await lockSending(query, t, "pause", false);
    await query(`UPDATE "Broadcast" SET paused = true, "pausedAt" = now(), "updatedAt" = now() WHERE id = $1`, [
      t.broadcastId,
    ]);
  });
}

export async function resumeSending(t: Target) {
  await sqlTransaction(async (query) => {
    await lockSending(query, t, "resume", true);
    await query(`UPDATE "Broadcast" SET paused = false, "pausedAt" = NULL, "updatedAt" = now() WHERE id = $1`, [
      t.broadcastId,
    ]);
    // Without a send rate the waiting batches are simply due; with one, they are spaced again from now so a paused
    // hour does not turn into a burst.
    await releaseBatches(query, { broadcastId: t.broadcastId, workspaceId: t.workspaceId, from: "pending" });
  });
}
