import { ZCreateWebhook } from "@/lib/schemas/webhooks";
import { created, type Operation } from "../shared";
import { tag, URL_RULES, ZWebhookWithSecretEnvelope } from "./schemas";

export const createWebhook: Operation = {
  method: "post",
  path: "/api/v1/webhooks",
  operationId: "createWebhook",
  scope: "write",
  summary: "Create a webhook",
  description:
    "Subscribes `url` to the given event types. The response carries the signing `secret` (`whsec_…`): it is " +
    "shown **only here**, so store it now; Sendwell keeps it encrypted and cannot show it again (rotate it " +
    `if lost). ${URL_RULES}`,
  tag,
  body: ZCreateWebhook,
  success: created("The new webhook, with its secret", ZWebhookWithSecretEnvelope),
};
