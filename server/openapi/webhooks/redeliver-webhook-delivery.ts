import { ZDeliveryParams } from "@/lib/schemas/webhooks";
import { created, type Operation } from "../shared";
import { tag, ZDeliveryEnvelope } from "./schemas";

export const redeliverWebhookDelivery: Operation = {
  method: "post",
  path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  operationId: "redeliverWebhookDelivery",
  scope: "write",
  summary: "Redeliver an event",
  description:
    "Sends that delivery's event again, now, with the same event id (`x-service-event-id`), and answers with " +
    "the new attempt's delivery record. A success resets the webhook's `consecutiveFailures`; a failure leaves " +
    "the automatic retries as they were. Works on an inactive webhook too.",
  tag,
  params: ZDeliveryParams,
  success: created("The new attempt's delivery record", ZDeliveryEnvelope),
};
