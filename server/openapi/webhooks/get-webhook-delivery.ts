import { ZDeliveryParams } from "@/lib/schemas/webhooks";
import { ok, type Operation } from "../shared";
import { tag, ZDeliveryEnvelope } from "./schemas";

export const getWebhookDelivery: Operation = {
  method: "get",
  path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}",
  operationId: "getWebhookDelivery",
  scope: "read",
  summary: "Get a delivery",
  description: "What was sent (payload and headers) and what came back (status, headers, first 64 KB of body).",
  tag,
  params: ZDeliveryParams,
  success: ok("The delivery record", ZDeliveryEnvelope),
};
