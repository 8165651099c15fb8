// OpenAPI operations of the webhooks resource (app/api/v1/webhooks), and the `webhooks` section of the events sent.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { offsetPage, ZIdParams } from "@/lib/schemas/common";
import {
  ZCreateWebhook,
  ZDeliveryParams,
  ZListDeliveriesQuery,
  ZListWebhooksQuery,
  ZUpdateWebhook,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookWithSecret,
} from "@/lib/schemas/webhooks";
import { TEST_EVENT_TYPE } from "@/lib/schemas/webhook-events";
import { registerOperation } from "./registry";
import { registerWebhookEvents, WEBHOOKS_TAG, webhooksTagDescription } from "./webhook-events";

const tag = WEBHOOKS_TAG;
const ZWebhookEnvelope = z.object({ data: ZWebhook });
const ZWebhookWithSecretEnvelope = z.object({ data: ZWebhookWithSecret });
const ZDeliveryEnvelope = z.object({ data: ZWebhookDelivery });
// The deliveries page sits inside `data`, unlike every other list: the API contract fixes it so.
const ZDeliveriesPage = z.object({ data: offsetPage(ZWebhookDelivery) });

/** For the document's top-level `tags`: the Webhooks tag carries the receiver's guide. */
export const webhooksTag = { name: WEBHOOKS_TAG, description: webhooksTagDescription };

const URL_RULES =
  "`url` must be https and must not point at a private, loopback, link-local or metadata address (422 on " +
  "`#/url`); plain http and private hosts are accepted only for hosts listed in the operator's " +
  "`WEBHOOK_ALLOWED_HOSTS`. Unknown event types are a 422 pointing at the entry (`#/events/0`).";

export function registerWebhooks(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/webhooks",
    operationId: "listWebhooks",
    scope: "read",
    summary: "List webhooks",
    description: "Newest first, offset pagination. Secrets are never included.",
    tag,
    query: ZListWebhooksQuery,
    success: { status: 200, description: "A page of webhooks", schema: offsetPage(ZWebhook) },
    errors: [422],
  });
  registerOperation(registry, {
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
    success: { status: 201, description: "The new webhook, with its secret", schema: ZWebhookWithSecretEnvelope },
    errors: [422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/webhooks/{id}",
    operationId: "getWebhook",
    scope: "read",
    summary: "Get a webhook",
    description: "Without its secret, which is never shown after creation or rotation.",
    tag,
    params: ZIdParams,
    success: { status: 200, description: "The webhook", schema: ZWebhookEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
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
    success: { status: 200, description: "The updated webhook", schema: ZWebhookEnvelope },
    errors: [404, 422],
  });
  registerOperation(registry, {
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    operationId: "deleteWebhook",
    scope: "write",
    summary: "Delete a webhook",
    description: "Pending deliveries stop and its delivery records are deleted with it.",
    tag,
    params: ZIdParams,
    success: { status: 204, description: "Deleted", schema: null },
    errors: [404],
  });
  registerOperation(registry, {
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
    success: { status: 200, description: "The webhook with its new secret", schema: ZWebhookWithSecretEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    scope: "read",
    summary: "List a webhook's deliveries",
    description:
      "Every delivery attempt (automatic, retried, redelivered or test), most recent first. The page is nested: " +
      "`{ data: { data: [...], total, page, limit, totalPages } }`. Filter by `status`, `eventType` and `since` " +
      "(attempts made at or after that time).",
    tag,
    params: ZIdParams,
    query: ZListDeliveriesQuery,
    success: { status: 200, description: "A page of delivery records", schema: ZDeliveriesPage },
    errors: [404, 422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}",
    operationId: "getWebhookDelivery",
    scope: "read",
    summary: "Get a delivery",
    description: "What was sent (payload and headers) and what came back (status, headers, first 64 KB of body).",
    tag,
    params: ZDeliveryParams,
    success: { status: 200, description: "The delivery record", schema: ZDeliveryEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
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
    success: { status: 201, description: "The test delivery's record", schema: ZDeliveryEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
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
    success: { status: 201, description: "The new attempt's delivery record", schema: ZDeliveryEnvelope },
    errors: [404],
  });
  registerWebhookEvents(registry);
}
