// Pausing a send in progress: its status stays `sending` and `paused` says so; the claim query skips its batches, so
// nothing new leaves (batches already in flight finish). Resuming makes the rest due again, spaced by the
// workspace's send rate, and the send carries on where it stopped: recipients already sent are never touched again.
import { sqlTransaction } from "@/server/db/pool";
import { releaseBatches } from "./send-rate";
import { broadcastNotFound, illegalMove } from "./state";

export async function pauseSending({ workspaceId, broadcastId }: { workspaceId: string; broadcastId: string }) {
  await sqlTransaction(async (query) => {
    const { rows } = await query<{ status: string; paused: boolean }>(
      `SELECT status, paused FROM "Broadcast" WHERE id = $1 AND "workspaceId" = $2 FOR UPDATE`,
      [broadcastId, workspaceId],
    );
    const b = rows[0];
    if (!b) throw broadcastNotFound();
    if (b.status !== "sending") throw illegalMove("pause", b.status, ["sending"]);
    if (b.paused) throw illegalMove("pause", "sending", ["sending"], "It is already paused.");
    await query(`UPDATE "Broadcast" SET paused = true, "pausedAt" = now(), "updatedAt" = now() WHERE id = $1`, [
      broadcastId,
    ]);
  });
}

export async function resumeSending({ workspaceId, broadcastId }: { workspaceId: string; broadcastId: string }) {
  await sqlTransaction(async (query) => {
    const { rows } = await query<{ status: string; paused: boolean }>(
      `SELECT status, paused FROM "Broadcast" WHERE id = $1 AND "workspaceId" = $2 FOR UPDATE`,
      [broadcastId, workspaceId],
    );
    const b = rows[0];
    if (!b) throw broadcastNotFound();
    if (b.status !== "sending") throw illegalMove("resume", b.status, ["sending"]);
    if (!b.paused) throw illegalMove("resume", "sending", ["sending"], "It is not paused.");
    await query(`UPDATE "Broadcast" SET paused = false, "pausedAt" = NULL, "updatedAt" = now() WHERE id = $1`, [
      broadcastId,
    ]);
    // Without a send rate the waiting batches are simply due; with one, they are spaced again from now so a paused
    // hour does not turn into a burst.
    await releaseBatches(query, { broadcastId, workspaceId, from: "pending" });
  });
}
