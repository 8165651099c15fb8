// scheduled → sending when scheduledAt arrives (for a subscriber-time-zone send, the first zone's moment; the
// fan-out then gives each zone's batches their own due time). Each start is the same conditional UPDATE and
// transactional fan-out job as a `send` request, so a worker racing another (or a `send`) starts it once.
import { sql } from "@/server/db/pool";
import { jobTransaction } from "@/server/jobs/enqueue";
import { fanOutBroadcastJob } from "@/server/jobs/fan-out-broadcast";
import { countAudience } from "@/server/broadcasts/audience";
import { moveToSending } from "./start-sending";

export async function startDueBroadcasts(workspaceIds: string[] | null = null, now = new Date()): Promise<number> {
  const due = await sql<{
    id: string;
    workspaceId: string;
    audienceType: "all" | "segments" | "tags";
    audienceFilter: unknown;
    resendOfId: string | null;
  }>(
    `SELECT id, "workspaceId", "audienceType", "audienceFilter", "resendOfId" FROM "Broadcast"
      WHERE status = 'scheduled' AND "scheduledAt" <= $1 AND ($2::uuid[] IS NULL OR "workspaceId" = ANY($2::uuid[]))
      ORDER BY "scheduledAt" LIMIT 20`,
    [now, workspaceIds],
  );
  let started = 0;
  for (const b of due) {
    // Counted outside the transaction (the embedded database runs one at a time); only the progress bar's first total.
    const recipientCount = await countAudience({ ...b, workspaceId: b.workspaceId }, undefined).catch(() => null);
    const moved = await jobTransaction([fanOutBroadcastJob], async (query, enqueue) => {
      const ok = await moveToSending(query, {
        workspaceId: b.workspaceId,
        broadcastId: b.id,
        from: ["scheduled"],
        recipientCount,
      });
      if (ok) await enqueue(fanOutBroadcastJob, { broadcastId: b.id });
      return ok;
    });
    if (moved) started++;
  }
  return started;
}
