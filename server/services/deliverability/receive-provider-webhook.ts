// A provider's delivery webhook for one sending identity (/api/webhooks/<provider>/<identityId>): the identity must
// exist and send through that provider; its sealed webhook secret verifies the request the provider's own way
// (sns.ts, postmark.ts, sendgrid.ts, mailgun.ts, resend.ts); the verified events go through applyDeliveryEvent,
// restricted to the identity's workspace. Every refusal is a 4xx the route answers as a problem; a verified event
// about a message we did not send is acknowledged (200, "ignored") so the provider does not retry it.
import "server-only";
import { sql } from "@/server/db/pool";
import { openSecret } from "@/server/secret-box";
import { readRecipientToken } from "@/server/broadcasts/recipient-tokens";
import { applyDeliveryEvent, claimDeliveryKey } from "@/server/deliverability/apply-delivery-event";
import { parseJson, type ProviderEvent } from "@/server/deliverability/webhooks/provider-event";
import { isSnsUrl, snsGet, verifySnsMessage } from "@/server/deliverability/webhooks/sns";
import { sesEvents } from "@/server/deliverability/webhooks/ses";
import { postmarkAuthorized, postmarkEvents } from "@/server/deliverability/webhooks/postmark";
import {
  SENDGRID_SIGNATURE,
  SENDGRID_TIMESTAMP,
  sendGridEvents,
  verifySendGrid,
} from "@/server/deliverability/webhooks/sendgrid";
import { mailgunEvents, verifyMailgun } from "@/server/deliverability/webhooks/mailgun";
import { resendEvents, verifyResend } from "@/server/deliverability/webhooks/resend";

export const WEBHOOK_PROVIDERS = ["ses", "postmark", "sendgrid", "mailgun", "resend"] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export type WebhookOutcome = { applied: number; duplicate: number; ignored: number };
export type WebhookAnswer =
  | { status: 200; body: { received: true } & Partial<WebhookOutcome> & { confirmed?: boolean } }
  | { status: 400 | 401 | 404; detail: string };

/** More events than this in one request are not ours to apply in one answer (SendGrid batches far fewer). */
const MAX_EVENTS = 2_000;

const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

export async function receiveProviderWebhook(input: {
  provider: WebhookProvider;
  identityId: string;
  rawBody: string;
  headers: Headers;
}): Promise<WebhookAnswer> {
  const notFound = { status: 404, detail: `No ${input.provider} sending identity has this webhook URL.` } as const;
  if (!UUID.test(input.identityId)) return notFound;
  const [identity] = await sql<{ workspaceId: string; provider: string; webhookSecret: string | null }>(
    `SELECT "workspaceId", provider, "webhookSecret" FROM "SendingIdentity" WHERE id = $1::uuid`,
    [input.identityId],
  );
  if (!identity || identity.provider !== input.provider) return notFound;
  let secret: string | null = null;
  try {
    secret = identity.webhookSecret ? openSecret(identity.webhookSecret) : null;
  } catch {
    secret = null;
  }
  if (!secret)
    return { status: 401, detail: "This sending identity has no webhook secret: set it on its settings page." };
  return handleVerifiedWebhook(input.provider, input.rawBody, input.headers, {
    secret,
    workspaceId: identity.workspaceId,
  });
}

/** Verifies and applies one request with `secret`; `workspaceId` restricts matches (absent: the server-wide URL). */
export async function handleVerifiedWebhook(
  provider: WebhookProvider,
  rawBody: string,
  headers: Headers,
  { secret, workspaceId }: { secret: string; workspaceId?: string },
): Promise<WebhookAnswer> {
  const parsed = provider === "resend" ? null : parseJson(rawBody);
  if (provider !== "resend" && parsed === null) return { status: 400, detail: "The body is not JSON." };
  let events: ProviderEvent[];
  switch (provider) {
    case "ses": {
      const verified = await verifySnsMessage(parsed, secret.trim());
      if (!verified.ok) return { status: verified.status, detail: verified.detail };
      const m = verified.value;
      if (m.Type === "SubscriptionConfirmation") return confirmSubscription(m.SubscribeURL!);
      if (m.Type !== "Notification")
        return { status: 200, body: { received: true, applied: 0, duplicate: 0, ignored: 1 } };
      events = sesEvents(m.MessageId, m.Message);
      break;
    }
    case "postmark": {
      const verified = postmarkAuthorized(headers.get("authorization"), secret);
      if (!verified.ok) return { status: verified.status, detail: verified.detail };
      events = postmarkEvents(parsed);
      break;
    }
    case "sendgrid": {
      const verified = verifySendGrid(
        rawBody,
        headers.get(SENDGRID_SIGNATURE),
        headers.get(SENDGRID_TIMESTAMP),
        secret,
      );
      if (!verified.ok) return { status: verified.status, detail: verified.detail };
      if (!Array.isArray(parsed)) return { status: 400, detail: "SendGrid posts an array of events." };
      events = sendGridEvents(parsed);
      break;
    }
    case "mailgun": {
      const verified = verifyMailgun(parsed, secret);
      if (!verified.ok) return { status: verified.status, detail: verified.detail };
      if (!(await claimDeliveryKey("mailgun", `token:${verified.value.token}`)))
        return { status: 200, body: { received: true, applied: 0, duplicate: 1, ignored: 0 } };
      events = mailgunEvents(parsed);
      break;
    }
    case "resend": {
      const svix = {
        id: headers.get("svix-id"),
        timestamp: headers.get("svix-timestamp"),
        signature: headers.get("svix-signature"),
      };
      const verified = verifyResend(rawBody, svix, secret);
      if (!verified.ok) return { status: verified.status, detail: verified.detail };
      events = resendEvents(verified.value, svix.id!);
      break;
    }
  }
  if (events.length > MAX_EVENTS)
    return { status: 400, detail: `At most ${MAX_EVENTS} events are applied from one request.` };
  return { status: 200, body: { received: true, ...(await applyProviderEvents(events, workspaceId)) } };
}

/** Each event by our echoed token first, then by each message id it names, until one matches. */
async function applyProviderEvents(events: ProviderEvent[], workspaceId: string | undefined): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { applied: 0, duplicate: 0, ignored: 0 };
  for (const { token, messageIds, ...event } of events) {
    const recipientId = token ? readRecipientToken(token) : null;
    const matches = [
      ...(recipientId !== null ? [{ recipientId }] : []),
      ...messageIds.map((providerMessageId) => ({ providerMessageId })),
    ];
    let result: "applied" | "duplicate" | "unmatched" = "unmatched";
    for (const match of matches) {
      result = await applyDeliveryEvent({ ...event, match, ...(workspaceId ? { workspaceId } : {}) });
      if (result !== "unmatched") break;
    }
    if (result === "unmatched") outcome.ignored++;
    else outcome[result]++;
  }
  return outcome;
}

/** SNS asks to be confirmed by a GET of SubscribeURL; only SNS's own hosts are called. */
async function confirmSubscription(subscribeUrl: string): Promise<WebhookAnswer> {
  if (!isSnsUrl(subscribeUrl, { pem: false }))
    return { status: 400, detail: "SubscribeURL must be an https URL on sns.<region>.amazonaws.com." };
  try {
    const res = await snsGet(subscribeUrl);
    if (res.status === 200) return { status: 200, body: { received: true, confirmed: true } };
    return { status: 400, detail: `Amazon SNS answered ${res.status} to the subscription confirmation.` };
  } catch {
    return { status: 400, detail: "Amazon SNS could not be reached to confirm the subscription." };
  }
}
