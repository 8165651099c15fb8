import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateWebhook } from "@/lib/schemas/webhooks";
import { ok, type Operation } from "../shared";
import { tag, URL_RULES, ZWebhookEnvelope } from "./schemas";

export const updateWebhook: Operation = {
  method: "patch",
  path: "/api/v1/webhooks/{id}",
  operationId: "updateWebhook",
  scope: "write",
  summary: "Update a webhook",
  description:
    "`events` replaces the whole list. `isActive: false` pauses deliveries: attempts already due wait and go " +
    "out once it is re-enabled, events in between are not sent. `isActive: true` on an inactive " +
    "webhook (e.g. one turned off after repeated failures) re-enables it and resets `consecutiveFailures`, " +
    `\`disabledAt\` and \`disabledReason\`. ${URL_RULES}`,
  tag,
  params: ZIdParams,
  body: ZUpdateWebhook,
  success: ok("The updated webhook", ZWebhookEnvelope),
};
