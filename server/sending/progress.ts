// A sending broadcast's sentCount and failedCount while it sends: the sums of its settled batches, written to the
// broadcast row once a second by the sweep (batches never write it themselves, see record-batch.ts), so the API and
// the progress bar follow within about a second. Completion writes the final sums (complete.ts). An automation's
// hidden step broadcasts stay `sending` for as long as the automation lives and have no progress bar: never summed.
import { sql } from "@/server/db/pool";

export async function refreshSendProgress(workspaceIds: string[] | null = null): Promise<number> {
  const rows = await sql(
    `UPDATE "Broadcast" b SET "sentCount" = t.sent, "failedCount" = t.failed, "updatedAt" = now()
       FROM (SELECT bb."broadcastId", sum(bb.sent)::int AS sent, sum(bb.failed)::int AS failed
               FROM "BroadcastBatch" bb
               JOIN "Broadcast" s ON s.id = bb."broadcastId" AND s.status = 'sending' AND s."automationId" IS NULL
                AND ($1::uuid[] IS NULL OR s."workspaceId" = ANY($1::uuid[]))
              GROUP BY bb."broadcastId") t
      WHERE b.id = t."broadcastId" AND b.status = 'sending'
        AND (b."sentCount", b."failedCount") IS DISTINCT FROM (t.sent, t.failed)
      RETURNING 1`,
    [workspaceIds],
  );
  return rows.length;
}
