// draft|scheduled → sending: one conditional UPDATE, and in the same transaction the fan-out job, the
// `broadcast.sending` event and the stats row. Two requests (or the scheduler and a request) racing to send one
// broadcast cannot both win: the loser's UPDATE matches no row and it gets a 409 naming the status.
import { jobTransaction } from "@/server/jobs/enqueue";
import { fanOutBroadcastJob } from "@/server/jobs/fan-out-broadcast";
import type { Query } from "@/server/db/pool";
import { broadcastNotFound, type BroadcastStatus } from "@/server/broadcasts/state";
import { illegalMove } from "@/server/state-moves";

export async function startSending({
  workspaceId,
  broadcastId,
  from,
  recipientCount,
}: {
  workspaceId: string;
  broadcastId: string;
  from: BroadcastStatus[];
  /** The audience's size now (counted by the caller outside the transaction): the progress bar's first total. */
  recipientCount: number;
}): Promise<void> {
  await jobTransaction([fanOutBroadcastJob], async (query, enqueue) => {
    const moved = await moveToSending(query, { workspaceId, broadcastId, from, recipientCount });
    if (!moved) {
      const { rows } = await query<{ status: string }>(
        `SELECT status FROM "Broadcast" WHERE id = $1 AND "workspaceId" = $2`,
        [broadcastId, workspaceId],
      );
      if (!rows[0]) throw broadcastNotFound();
      throw illegalMove("broadcast", "send", rows[0].status, from);
    }
    await enqueue(fanOutBroadcastJob, { broadcastId });
  });
}

/** The move itself, shared with the scheduler (which starts due scheduled broadcasts in its own transaction). */
export async function moveToSending(
  query: Query,
  m: { workspaceId: string; broadcastId: string; from: BroadcastStatus[]; recipientCount: number | null },
): Promise<boolean> {
  const { rowCount } = await query(
    `UPDATE "Broadcast"
        SET status = 'sending', "sendStartedAt" = now(), "updatedAt" = now(), paused = false, "pausedAt" = NULL,
            "recipientCount" = COALESCE($4, "recipientCount"), "fanoutCursor" = NULL, "fanoutDoneAt" = NULL
      WHERE id = $1 AND "workspaceId" = $2 AND status = ANY($3::"BroadcastStatus"[])`,
    [m.broadcastId, m.workspaceId, m.from, m.recipientCount],
  );
  if (!rowCount) return false;
  await query(`INSERT INTO "BroadcastStats" ("broadcastId") VALUES ($1) ON CONFLICT DO NOTHING`, [m.broadcastId]);
  await query(
    // The broadcast's name travels with its id (webhook receivers need no lookup).
    `INSERT INTO "Event" (id, "workspaceId", type, payload)
     SELECT gen_random_uuid(), $1, 'broadcast.sending', jsonb_build_object('broadcastId', b.id::text, 'broadcastName', b.name)
       FROM "Broadcast" b WHERE b.id = $2::uuid`,
    [m.workspaceId, m.broadcastId],
  );
  return true;
}
