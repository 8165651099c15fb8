// POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: the same event (same id, so receivers can de-duplicate)
// sent again now, as the next attempt of its task. A success finishes the task and resets consecutiveFailures; a
// failure leaves the automatic retries as they were. Works on a disabled webhook too: it is an explicit request.
import { sql } from "@/server/db/pool";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import type { Resolver } from "@/server/webhooks/address-guard";
import { deliverNow } from "@/server/webhooks/deliver-now";
import { getDelivery } from "./delivery-record";
import { loadDeliveryTarget } from "./webhook-record";

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
  const target = await loadDeliveryTarget({ workspaceId, webhookId });
  const original = await getDelivery({ workspaceId, webhookId, deliveryId });
  const task = await claimNextAttempt(deliveryId);
  const taskId = task?.id ?? null;
  const attemptCount = task?.attemptCount ?? original.attemptCount + 1;
  const { createdAt, data } = original.payload;
  const newId = await deliverNow({
    target,
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

/**
 * The delivery's task, if it has one (test deliveries do not), with this redelivery counted as its next attempt, so
 * attempt numbers stay unique and increasing.
 */
async function claimNextAttempt(deliveryId: string): Promise<{ id: string; attemptCount: number } | null> {
  const [row] = await sql<{ id: string; attemptCount: number }>(
    `UPDATE "WebhookTask" t SET "attemptCount" = t."attemptCount" + 1
       FROM "WebhookDelivery" d
      WHERE d.id = $1 AND t.id = d."taskId"
     RETURNING t.id, t."attemptCount"`,
    [deliveryId],
  );
  return row ?? null;
}
