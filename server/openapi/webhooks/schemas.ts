// The webhooks resource (app/api/v1/webhooks): its tag, carrying the receiver's guide, its answers' schemas and the
// URL rules, for the operations beside this file. What Sendwell POSTs to a webhook is in events.ts.
import { offsetPage } from "@/lib/schemas/common";
import { ZWebhook, ZWebhookDelivery, ZWebhookWithSecret } from "@/lib/schemas/webhooks";
import { dataEnvelope } from "../shared";

export const tag = "Webhooks";

/** How a receiver handles a delivery: the Webhooks tag's description, shown once rather than on every event. */
const tagDescription = `
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

/** For the document's top-level `tags`: the Webhooks tag carries the receiver's guide. */
export const webhooksTag = { name: tag, description: tagDescription };

export const ZWebhookEnvelope = dataEnvelope(ZWebhook);
export const ZWebhookWithSecretEnvelope = dataEnvelope(ZWebhookWithSecret);
export const ZDeliveryEnvelope = dataEnvelope(ZWebhookDelivery);
// The deliveries page sits inside `data`, unlike every other list: the API contract fixes it so.
export const ZDeliveriesPage = dataEnvelope(offsetPage(ZWebhookDelivery));

export const URL_RULES =
  "`url` must be https and must not point at a private, loopback, link-local or metadata address (422 on " +
  "`#/url`); plain http and private hosts are accepted only for hosts listed in the operator's " +
  "`WEBHOOK_ALLOWED_HOSTS`. Unknown event types are a 422 pointing at the entry (`#/events/0`).";
