import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZWebhookEnvelope } from "./schemas";

export const getWebhook: Operation = {
  method: "get",
  path: "/api/v1/webhooks/{id}",
  operationId: "getWebhook",
  scope: "read",
  summary: "Get a webhook",
  description: "Without its secret, which is never shown after creation or rotation.",
  tag,
  params: ZIdParams,
  success: ok("The webhook", ZWebhookEnvelope),
};
