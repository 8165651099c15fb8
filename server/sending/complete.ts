// sending → sent, once the fan-out has finished and no batch is left pending or held: one conditional UPDATE that
// also writes the final counts (the batches' sums), and the `broadcast.sent` event in the same transaction, so it is
// recorded exactly once. Called after every settled batch commits (of two last batches settling at once, at least the
// later sees both settled; if both do, the conditional UPDATE lets one through) and by the sender's periodic sweep.
import { sql, sqlTransaction, type Query } from "@/server/db/pool";

export async function completeIfDone(broadcastId: string, query?: Query): Promise<boolean> {
  if (!query) return sqlTransaction((q) => completeIfDone(broadcastId, q));
  const { rows } = await query<{ workspaceId: string; sentCount: number; name: string }>(
    `UPDATE "Broadcast" b
        SET status = 'sent', "sentAt" = now(), "updatedAt" = now(), paused = false, "pausedAt" = NULL,
            "sentCount" = t.sent, "failedCount" = t.failed
       FROM (SELECT coalesce(sum(sent), 0)::int AS sent, coalesce(sum(failed), 0)::int AS failed
               FROM "BroadcastBatch" WHERE "broadcastId" = $1) t
      WHERE id = $1 AND status = 'sending' AND "fanoutDoneAt" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "BroadcastBatch" bb
                         WHERE bb."broadcastId" = $1 AND bb.status IN ('pending', 'held'))
      RETURNING b."workspaceId", b."sentCount", b.name`,
    [broadcastId],
  );
  const done = rows[0];
  if (!done) return false;
  await query(
    `INSERT INTO "Event" (id, "workspaceId", type, payload)
     VALUES (gen_random_uuid(), $1, 'broadcast.sent',
             jsonb_build_object('broadcastId', $2::text, 'broadcastName', $4::text, 'recipientCount', $3::int))`,
    [done.workspaceId, broadcastId, done.sentCount, done.name],
  );
  return true;
}

/** The sweep: broadcasts whose last batch settled without completing them (e.g. the fan-out finished last). */
export async function completeFinishedBroadcasts(): Promise<number> {
  const rows = await sql<{ id: string }>(
    `SELECT b.id FROM "Broadcast" b
      WHERE b.status = 'sending' AND b."fanoutDoneAt" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "BroadcastBatch" bb
                         WHERE bb."broadcastId" = b.id AND bb.status IN ('pending', 'held'))
      LIMIT 100`,
    [],
  );
  let n = 0;
  for (const { id } of rows) if (await completeIfDone(id)) n++;
  return n;
}
