import { ZIdParams } from "@/lib/schemas/common";
import { TEST_EVENT_TYPE } from "@/lib/schemas/webhook-events";
import { created, type Operation } from "../shared";
import { tag, ZDeliveryEnvelope } from "./schemas";

export const sendWebhookTestEvent: Operation = {
  method: "post",
  path: "/api/v1/webhooks/{id}/test",
  operationId: "sendWebhookTestEvent",
  scope: "write",
  summary: "Send a test event",
  description:
    `Sends a \`${TEST_EVENT_TYPE}\` event to the webhook now, signed like any other, and answers with its ` +
    "delivery record once the receiver has replied (or the 15 s timeout passed). A successful test counts like " +
    "a delivered event: it sets `lastSuccessAt` and resets `consecutiveFailures` and `failingSince`. A failed " +
    "test is not retried and changes nothing, so testing a broken endpoint never brings its automatic " +
    "disabling closer. Works on an inactive " +
    "webhook too, so an endpoint can be checked before re-enabling it.",
  tag,
  params: ZIdParams,
  success: created("The test delivery's record", ZDeliveryEnvelope),
};
