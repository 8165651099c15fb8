// The OpenAPI 3.1 `webhooks` section: what Sendwell POSTs to a webhook's url, one entry per event type of the
// catalog (lib/schemas/webhook-events.ts) plus the test event, each with its envelope and the signature headers.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZTimestamp } from "@/lib/schemas/common";
import { TEST_EVENT_TYPE, webhookEventCatalog, ZTestEventData } from "@/lib/schemas/webhook-events";
import { tag } from "./schemas";

/** The headers of a delivery of `type`. */
const deliveryHeaders = (type: string) =>
  z.object({
    "x-service-signature": z.string().meta({
      description:
        "t=<unix seconds>,v1=<hex>: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed with the whole whsec_ secret; " +
        "two v1 values for 24 hours after a rotation",
      example: "t=1614265330,v1=2e37df5d4a028c51a7f3133d64ae1e300d2c2c900f1b1d49d4369ad2530f8964",
    }),
    "x-service-event-id": z
      .uuid()
      .meta({ description: "The event's id: the same on every attempt, de-duplicate on it" }),
    "x-service-event-type": z.string().meta({ description: "The event type, as in the body", example: type }),
    "x-service-delivery-id": z.uuid().meta({ description: "This attempt's delivery record" }),
    "x-service-attempt": z
      .string()
      .regex(/^\d+$/)
      .meta({ description: "Which attempt this is for this event (1 = the first)", example: "1" }),
  });

const eventResponses = {
  "2XX": { description: "Delivered: any 2xx within 15 seconds. The body is ignored." },
  "429": {
    description: "Not delivered; retried no sooner than `Retry-After` (a 503 with `Retry-After` is treated alike)",
  },
  default: { description: "Not delivered (any other status, a redirect, a timeout or no connection); retried" },
};

/** "contact.tag_added" → "ContactTagAddedEvent": the envelope's component name. */
const componentName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")}Event`;

/** "contact.tag_added" → "contactTagAddedEvent": the event's operationId, for clients that generate handlers. */
const eventOperationId = (type: string) => {
  const name = componentName(type);
  return name.charAt(0).toLowerCase() + name.slice(1);
};

const envelope = (type: string, data: z.ZodType, description: string) =>
  z
    .object({
      id: z.uuid().meta({ description: "The event's id, also sent as x-service-event-id" }),
      type: z.literal(type).meta({ const: type }),
      createdAt: ZTimestamp.meta({ description: "When the event happened" }),
      workspaceId: z.uuid(),
      data,
    })
    .meta({ id: componentName(type), description });

// Built once, at module load: zod's registry of component ids must not see the same id twice.
const events = [
  ...Object.entries(webhookEventCatalog).map(([type, entry]) => ({
    type,
    summary: entry.summary,
    schema: envelope(type, entry.data, entry.summary),
    notes: "",
  })),
  {
    type: TEST_EVENT_TYPE,
    summary: "A test event, sent only by POST /api/v1/webhooks/{id}/test.",
    schema: envelope(TEST_EVENT_TYPE, ZTestEventData, "A test event"),
    notes:
      "Needs no subscription. It is sent once, never retried, and does not change the webhook's " +
      "`consecutiveFailures`, `lastSuccessAt` or `lastFailureAt`.",
  },
];

export function registerWebhookEvents(registry: OpenAPIRegistry) {
  for (const event of events) {
    registry.registerWebhook({
      method: "post",
      path: event.type,
      operationId: eventOperationId(event.type),
      summary: event.type,
      description: [event.summary, event.notes].filter(Boolean).join("\n\n"),
      tags: [tag],
      security: [],
      request: {
        headers: deliveryHeaders(event.type),
        body: { required: true, content: { "application/json": { schema: event.schema } } },
      },
      responses: eventResponses,
    });
  }
}
