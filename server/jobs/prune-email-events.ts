// Job "prune-email-events", daily: tracking hits (EmailEvent) the rollup has applied and that are older than
// EMAIL_EVENT_RETENTION (default 90 days) are deleted in small batches. Once applied, every number they made lives in
// the recipients, the rollups and the contacts' timelines; the raw hits only matter for a while (support questions,
// re-checking a classification). Events not yet applied are kept whatever their age.
import { z } from "zod";
import { sql } from "@/server/db/pool";
import { parseDuration } from "@/server/config";
import type { JobDefinition } from "./job-definition";

const BATCH = 10_000;

export async function pruneEmailEvents(retentionMs = parseDuration(process.env.EMAIL_EVENT_RETENTION || "90d")) {
  const cutoff = new Date(Date.now() - retentionMs);
  let deleted = 0;
  for (;;) {
    // seq order is insertion order, so the old events are the lowest seqs: walk them from the bottom.
    const rows = await sql(
      `DELETE FROM "EmailEvent" WHERE seq IN (
         SELECT seq FROM "EmailEvent"
          WHERE seq <= (SELECT coalesce(max("lastSeq"), 0) FROM "EmailEventCursor") AND "createdAt" < $1
          ORDER BY seq LIMIT ${BATCH})
       RETURNING 1`,
      [cutoff],
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return { deleted };
}

export const pruneEmailEventsJob: JobDefinition<z.ZodObject> = {
  name: "prune-email-events",
  payload: z.object({}),
  schedule: "37 3 * * *",
  handle: async () => {
    await pruneEmailEvents();
  },
};
