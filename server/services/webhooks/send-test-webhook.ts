// POST /webhooks/{id}/test: a signed `webhook.test` event, sent now, recorded, and returned as its delivery record.
// Not retried, and it does not move the webhook's counters (a test of a broken endpoint is not a failed delivery).
import { randomUUID } from "node:crypto";
import { sql } from "@/server/db/pool";
import { TEST_EVENT_TYPE } from "@/lib/schemas/webhook-events";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import type { Resolver } from "@/server/webhooks/address-guard";
import { deliverNow } from "@/server/webhooks/deliver-now";
import type { SecretColumns } from "@/server/webhooks/webhook-request";
import { getDelivery } from "./delivery-record";
import { webhookNotFound } from "./webhook-record";

export type WebhookTarget = SecretColumns & { id: string; workspaceId: string; url: string };

export async function loadWebhookTarget(workspaceId: string, webhookId: string): Promise<WebhookTarget> {
  const [webhook] = await sql<WebhookTarget>(
    `SELECT id, "workspaceId", url, "secretCiphertext", "previousSecretCiphertext", "previousSecretExpiresAt"
       FROM "Webhook" WHERE id = $1 AND "workspaceId" = $2`,
    [webhookId, workspaceId],
  );
  if (!webhook) throw webhookNotFound();
  return webhook;
}

export async function sendTestWebhook({
  workspaceId,
  webhookId,
  resolver,
}: {
  workspaceId: string;
  webhookId: string;
  resolver?: Resolver;
}): Promise<WebhookDelivery> {
  const webhook = await loadWebhookTarget(workspaceId, webhookId);
  const deliveryId = await deliverNow({
    webhook,
    envelope: {
      id: randomUUID(),
      type: TEST_EVENT_TYPE,
      createdAt: new Date().toISOString(),
      workspaceId,
      data: { webhookId, message: "A test event from Sendwell. Verify its signature and answer with any 2xx." },
    },
    taskId: null,
    trigger: "test",
    attemptCount: 1,
    storePayload: true,
    resolver,
  });
  return getDelivery({ workspaceId, webhookId, deliveryId });
}
