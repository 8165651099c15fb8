import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZWebhookWithSecretEnvelope } from "./schemas";

export const rotateWebhookSecret: Operation = {
  method: "post",
  path: "/api/v1/webhooks/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  scope: "write",
  summary: "Rotate a webhook's signing secret",
  description:
    "Issues a new secret, returned in this response only. The previous secret keeps signing for 24 hours " +
    "(`previousSecretExpiresAt`): meanwhile `x-service-signature` carries two `v1` values, one per secret, so " +
    "receivers can switch without rejecting deliveries. Rotating again drops the older previous secret.",
  tag,
  params: ZIdParams,
  success: ok("The webhook with its new secret", ZWebhookWithSecretEnvelope),
};
