// Claims due batches for one worker: pending, due, of a sending broadcast that is not paused. The claim moves dueAt
// to the end of a lease instead of changing the status, so a worker that dies holding a batch simply lets the lease
// run out and the batch is due again for anyone (SKIP LOCKED keeps two workers off the same rows meanwhile).
import { sql } from "@/server/db/pool";

export type ClaimedBatch = { broadcastId: string; batchNo: number; workspaceId: string; attempts: number };

export async function claimBatches({
  limit,
  leaseMs,
  workspaceIds = null,
}: {
  limit: number;
  leaseMs: number;
  /** Only these workspaces' batches (a worker dedicated to some workspaces, SEND_WORKSPACES); null: all. */
  workspaceIds?: string[] | null;
}): Promise<ClaimedBatch[]> {
  if (limit <= 0) return [];
  return sql<ClaimedBatch>(
    `UPDATE "BroadcastBatch" bb
        SET "dueAt" = now() + $2::int * interval '1 millisecond', attempts = bb.attempts + 1
       FROM (SELECT b."broadcastId", b."batchNo"
               FROM "BroadcastBatch" b
               JOIN "Broadcast" br ON br.id = b."broadcastId"
              WHERE b.status = 'pending' AND b."dueAt" <= now() AND br.status = 'sending' AND NOT br.paused
                AND ($3::uuid[] IS NULL OR b."workspaceId" = ANY($3::uuid[]))
              ORDER BY b."dueAt", b."batchNo"
              LIMIT $1
                FOR UPDATE OF b SKIP LOCKED) due
      WHERE bb."broadcastId" = due."broadcastId" AND bb."batchNo" = due."batchNo"
      RETURNING bb."broadcastId", bb."batchNo", bb."workspaceId", bb.attempts`,
    [limit, leaseMs, workspaceIds],
  );
}
