// POST /webhooks/{id}/test: a signed `webhook.test` event, sent now, recorded, and returned as its delivery record.
// Not retried. A success counts like a delivered event (lastSuccessAt, failures reset); a failure moves no counter,
// so testing a broken endpoint never brings its automatic disabling closer.
import { randomUUID } from "node:crypto";
import { TEST_EVENT_TYPE } from "@/lib/schemas/webhook-events";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import type { Resolver } from "@/server/webhooks/address-guard";
import { deliverNow } from "@/server/webhooks/deliver-now";
import { getDelivery } from "./delivery-record";
import { loadDeliveryTarget } from "./webhook-record";

export async function sendTestWebhook({
  workspaceId,
  webhookId,
  resolver,
}: {
  workspaceId: string;
  webhookId: string;
  resolver?: Resolver;
}): Promise<WebhookDelivery> {
  const deliveryId = await deliverNow({
    target: await loadDeliveryTarget({ workspaceId, webhookId }),
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
