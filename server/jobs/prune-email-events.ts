// Job "prune-email-events", daily: tracking hits (EmailEvent) the rollup has applied and that are older than
// EMAIL_EVENT_RETENTION (default 90 days) go. Once applied, every number they made lives in the recipients, the
// rollups and the contacts' timelines; the raw hits only matter for a while (support questions, re-checking a
// classification). Events not yet applied are kept whatever their age.
//
// EmailEvent is partitioned by month (server/tracking/email-event-partitions.ts), so retention drops whole months:
// a month goes once it lies entirely before the cutoff and all its events are applied. No row is deleted one by one
// and nothing is left for VACUUM. The month at the edge is kept until whole, so a hit stays at least the retention
// and at most about a month longer. Only rows in the DEFAULT partition (a month nobody had created a partition for,
// normally none: the maintenance job moves them out) are still deleted row by row, by the old rule.
import { z } from "zod";
import { sql } from "@/server/db/pool";
import { parseDuration } from "@/server/config";
import { DEFAULT_PARTITION, dropExpiredEmailEventPartitions } from "@/server/tracking/email-event-partitions";
import type { JobDefinition } from "./job-definition";

const BATCH = 10_000;

export async function pruneEmailEvents(retentionMs = parseDuration(process.env.EMAIL_EVENT_RETENTION || "90d")) {
  const cutoff = new Date(Date.now() - retentionMs);
  const { dropped, kept } = await dropExpiredEmailEventPartitions(cutoff);
  let deleted = 0;
  for (;;) {
    // seq order is insertion order, so the old events are the lowest seqs: walk them from the bottom.
    const rows = await sql(
      `DELETE FROM "${DEFAULT_PARTITION}" WHERE seq IN (
         SELECT seq FROM "${DEFAULT_PARTITION}"
          WHERE seq <= (SELECT coalesce(max("lastSeq"), 0) FROM "EmailEventCursor") AND "createdAt" < $1
          ORDER BY seq LIMIT ${BATCH})
       RETURNING 1`,
      [cutoff],
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return { dropped, kept, deleted };
}

export const pruneEmailEventsJob: JobDefinition<z.ZodObject> = {
  name: "prune-email-events",
  payload: z.object({}),
  schedule: "37 3 * * *",
  handle: async () => {
    const result = await pruneEmailEvents();
    if (result.dropped.length > 0 || result.kept.length > 0 || result.deleted > 0) {
      console.log(JSON.stringify({ source: "tracking", message: "pruned email events", ...result }));
    }
  },
};
