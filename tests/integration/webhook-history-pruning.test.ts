// The daily pruning keeps the delivery log bounded: finished tasks, attempts and events held for an auto-disabled
// webhook past the retention go; anything recent, or pending, stays.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { pruneWebhookHistory } from "@/server/jobs/prune-webhook-history";
import { makeWorkspace } from "../support/fixtures";

describe("webhook history pruning", () => {
  it("deletes finished tasks and attempts older than the retention, keeps the rest", async () => {
    const ws = await makeWorkspace();
    const webhook = await createWebhook({
      workspaceId: ws.id,
      input: { url: "https://hooks.example.com/x", events: ["contact.deleted"] },
    });
    const task = async (status: string, ageDays: number) => {
      const eventId = randomUUID();
      const taskId = randomUUID();
      await sql(`INSERT INTO "Event" (id, "workspaceId", type, payload) VALUES ($1, $2, 'contact.tag_added', '{}')`, [
        eventId,
        ws.id,
      ]);
      // Far in the future when pending, so no dispatcher of another test file sends it meanwhile.
      await sql(
        `INSERT INTO "WebhookTask" (id, "workspaceId", "webhookId", "eventId", status, "attemptCount", "nextAttemptAt", "createdAt")
         VALUES ($1, $2, $3, $4, $5::"WebhookTaskStatus", 1, now() + interval '30 days', now() - make_interval(days => $6))`,
        [taskId, ws.id, webhook.id, eventId, status, ageDays],
      );
      await sql(
        `INSERT INTO "WebhookDelivery" (id, "workspaceId", "webhookId", "taskId", "eventId", "eventType", trigger, status,
           "requestHeaders", "responseHeaders", "responseBody", "responseTimeMs", "attemptCount", "attemptedAt")
         VALUES ($1, $2, $3, $4, $5, 'contact.tag_added', 'event', 'failed', '{}', '{}', '', 1, 1,
                 now() - make_interval(days => $6))`,
        [randomUUID(), ws.id, webhook.id, taskId, eventId, ageDays],
      );
      return taskId;
    };
    const oldDelivered = await task("delivered", 40);
    const oldFailed = await task("failed", 40);
    const oldPending = await task("pending", 40);
    const oldPaused = await task("paused", 40);
    const recent = await task("delivered", 2);

    await pruneWebhookHistory(30 * 86_400_000);

    const tasks = await sql<{ id: string }>(`SELECT id FROM "WebhookTask" WHERE "webhookId" = $1`, [webhook.id]);
    expect(tasks.map((t) => t.id).sort()).toEqual([oldPending, recent].sort());
    expect(tasks.map((t) => t.id)).not.toContain(oldDelivered);
    expect(tasks.map((t) => t.id)).not.toContain(oldFailed);
    expect(tasks.map((t) => t.id)).not.toContain(oldPaused);
    const deliveries = await sql<{ taskId: string }>(`SELECT "taskId" FROM "WebhookDelivery" WHERE "webhookId" = $1`, [
      webhook.id,
    ]);
    // The old pending task keeps its task row but its 40-day-old attempt record is past the retention too.
    expect(deliveries.map((d) => d.taskId)).toEqual([recent]);
  });
});
