// POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: the same event (same id, so receivers can de-duplicate)
// sent again now, as the next attempt of its task. A success finishes the task and resets consecutiveFailures; a
// failure leaves the automatic retries as they were. Works on a disabled webhook too: it is an explicit request.
import { sql } from "@/server/db/pool";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import type { Resolver } from "@/server/webhooks/address-guard";
import { deliverNow } from "@/server/webhooks/deliver-now";
import { getDelivery } from "./delivery-record";
import { loadWebhookTarget } from "./send-test-webhook";

export async function redeliverWebhookDelivery({
  workspaceId,
  webhookId,
  deliveryId,
  resolver,
}: {
  workspaceId: string;
  webhookId: string;
  deliveryId: string;
  resolver?: Resolver;
}): Promise<WebhookDelivery> {
  const webhook = await loadWebhookTarget(workspaceId, webhookId);
  const original = await getDelivery({ workspaceId, webhookId, deliveryId });
  const taskId = await taskOf(deliveryId);
  const attemptCount = taskId ? await nextAttemptNumber(taskId) : original.attemptCount + 1;
  const { createdAt, data } = original.payload;
  const newId = await deliverNow({
    webhook,
    envelope: {
      id: original.eventId,
      type: original.eventType,
      createdAt: typeof createdAt === "string" ? createdAt : original.attemptedAt,
      workspaceId,
      data: typeof data === "object" && data !== null ? { ...data } : {},
    },
    taskId,
    trigger: taskId ? "redelivery" : "test",
    attemptCount,
    storePayload: taskId === null,
    resolver,
  });
  return getDelivery({ workspaceId, webhookId, deliveryId: newId });
}

async function taskOf(deliveryId: string): Promise<string | null> {
  const [row] = await sql<{ taskId: string | null }>(`SELECT "taskId" FROM "WebhookDelivery" WHERE id = $1`, [
    deliveryId,
  ]);
  return row?.taskId ?? null;
}

/** Counts the redelivery as its task's next attempt, so attempt numbers stay unique and increasing. */
async function nextAttemptNumber(taskId: string): Promise<number> {
  const [row] = await sql<{ attemptCount: number }>(
    `UPDATE "WebhookTask" SET "attemptCount" = "attemptCount" + 1 WHERE id = $1 RETURNING "attemptCount"`,
    [taskId],
  );
  return row?.attemptCount ?? 1;
}
