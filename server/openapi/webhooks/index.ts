// The webhooks resource's operations, in the document's order. The events Sendwell sends are in events.ts.
import { createWebhook } from "./create-webhook";
import { deleteWebhook } from "./delete-webhook";
import { getWebhook } from "./get-webhook";
import { getWebhookDelivery } from "./get-webhook-delivery";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { listWebhooks } from "./list-webhooks";
import { redeliverWebhookDelivery } from "./redeliver-webhook-delivery";
import { rotateWebhookSecret } from "./rotate-webhook-secret";
import { sendWebhookTestEvent } from "./send-webhook-test-event";
import { updateWebhook } from "./update-webhook";

export { registerWebhookEvents } from "./events";
export { webhooksTag } from "./schemas";

export const webhooksOperations = [
  listWebhooks,
  createWebhook,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  listWebhookDeliveries,
  getWebhookDelivery,
  sendWebhookTestEvent,
  redeliverWebhookDelivery,
];
