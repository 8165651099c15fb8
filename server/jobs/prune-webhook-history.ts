// Job "prune-webhook-history", daily: finished delivery tasks, delivery records, and events held for an auto-disabled
// webhook (paused tasks) older than WEBHOOK_HISTORY_RETENTION (default 30 days) are deleted in small batches, so the
// delivery log does not grow forever and no statement holds locks for long. Pending tasks are kept whatever their age.
import { z } from "zod";
import { sql } from "@/server/db/pool";
import { parseDuration } from "@/server/config";
import type { JobDefinition } from "./job-definition";

const BATCH = 5_000;

export async function pruneWebhookHistory(retentionMs = parseDuration(process.env.WEBHOOK_HISTORY_RETENTION || "30d")) {
  const cutoff = new Date(Date.now() - retentionMs);
  let deliveries = 0;
  let tasks = 0;
  for (;;) {
    const rows = await sql(
      `DELETE FROM "WebhookDelivery" WHERE id IN (
         SELECT id FROM "WebhookDelivery" WHERE "attemptedAt" < $1 LIMIT ${BATCH}) RETURNING 1`,
      [cutoff],
    );
    deliveries += rows.length;
    if (rows.length < BATCH) break;
  }
  for (;;) {
    const rows = await sql(
      `DELETE FROM "WebhookTask" WHERE id IN (
         SELECT id FROM "WebhookTask" WHERE status IN ('delivered', 'failed', 'paused') AND "createdAt" < $1 LIMIT ${BATCH})
       RETURNING 1`,
      [cutoff],
    );
    tasks += rows.length;
    if (rows.length < BATCH) break;
  }
  return { deliveries, tasks };
}

export const pruneWebhookHistoryJob: JobDefinition<z.ZodObject> = {
  name: "prune-webhook-history",
  payload: z.object({}),
  schedule: "17 3 * * *",
  retryLimit: 2,
  handle: async () => {
    const pruned = await pruneWebhookHistory();
    console.log(JSON.stringify({ source: "webhooks", message: "pruned webhook history", ...pruned }));
  },
};
