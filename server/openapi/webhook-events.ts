// The OpenAPI 3.1 `webhooks` section: what Sendwell POSTs to a webhook's url, one entry per event type of the
// catalog (lib/schemas/webhook-events.ts) plus the test event, each with its envelope and the signature headers.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZTimestamp } from "@/lib/schemas/common";
import { TEST_EVENT_TYPE, webhookEventCatalog, ZTestEventData } from "@/lib/schemas/webhook-events";

export const WEBHOOKS_TAG = "Webhooks";

/** How a receiver handles a delivery: the Webhooks tag's description, shown once rather than on every event. */
export const webhooksTagDescription = `
Sendwell POSTs each event a webhook subscribes to, as JSON, to the webhook's \`url\`; the \`webhooks\` section of
the OpenAPI document ("Webhook events" on the reference page) lists every event type and its body. The body is an envelope
\`{ id, type, createdAt, workspaceId, data }\`; \`data\` depends on \`type\`.

**Headers** of every delivery request:
- \`x-service-signature: t=<unix seconds>,v1=<hex>\`: the signature (below).
- \`x-service-event-id\`: the event's id (also \`id\` in the body). Delivery is at least once: de-duplicate on it.
- \`x-service-event-type\`: the event type (also \`type\` in the body).
- \`x-service-delivery-id\`: this attempt's delivery record (\`GET /api/v1/webhooks/{id}/deliveries/{deliveryId}\`).
- \`x-service-attempt\`: which attempt this is for this event (1 = the first).

**Verifying the signature**: \`v1\` is the hex HMAC-SHA256 of the string \`<t>.<raw body>\` with the whole secret
string as the key (\`whsec_…\`, as given, not base64-decoded). Read the raw request body (before any JSON parsing),
compute the HMAC, compare it with every \`v1\` value of the header in constant time, and accept if one matches and
\`t\` is within 300 seconds of your clock (this stops replays). After a secret rotation the header carries two
\`v1\` values for 24 hours, one per secret (\`t=…,v1=<new>,v1=<previous>\`), so either secret verifies while you
switch.

**Delivered** means any 2xx status within 15 seconds; the reply's body is ignored (its first 64 KB are kept in the
delivery record). Anything else fails: another status, a redirect (never followed), a timeout, a refused
connection.

**Retries**: a failed delivery is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (each
wait varied by up to ±20 % so retries do not arrive all at once), ten attempts in all. On a 429 or 503 with a
\`Retry-After\` header the next attempt waits at least that long. Every attempt is a delivery record
(\`GET /api/v1/webhooks/{id}/deliveries\`); a delivery can be sent again at any time with \`redeliver\`. Events are
not guaranteed to arrive in order: use \`createdAt\`.

**Auto-disable**: a webhook whose deliveries keep failing (20 consecutive failures spanning at least 5 days) is set
\`isActive: false\` with \`disabledAt\` and \`disabledReason\`, and the workspace is told. Its events, pending and new,
are held for up to 30 days. Fix the endpoint, then \`PATCH\` it with \`isActive: true\`: that resets
\`consecutiveFailures\` and sends the held events. Any success resets it too. A webhook you set \`isActive: false\`
yourself receives no events while it is off; its pending retries resume when it is enabled again.

**Secrets** (\`whsec_…\`) are shown once, in the create (and rotate-secret) response; Sendwell keeps them encrypted
and cannot show them again. Rotate a secret that leaked.

**URLs** must be https and must not point at private, loopback, link-local or metadata addresses (checked when the
webhook is saved and again on every connection). Plain http and private hosts are accepted only for hosts the
operator lists in \`WEBHOOK_ALLOWED_HOSTS\`.
`.trim();

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
      tags: [WEBHOOKS_TAG],
      security: [],
      request: {
        headers: deliveryHeaders(event.type),
        body: { required: true, content: { "application/json": { schema: event.schema } } },
      },
      responses: eventResponses,
    });
  }
}
