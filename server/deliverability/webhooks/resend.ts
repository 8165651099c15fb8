// Resend's delivery webhooks (delivered, bounced, complained, delivery delayed), signed with the Svix scheme Resend
// uses: svix-id, svix-timestamp, svix-signature, secret "whsec_…" (RESEND_WEBHOOK_SECRET for the server-wide URL, the
// identity's webhook secret for /api/webhooks/resend/<identityId>). The SDK's verifier checks the signature over id,
// timestamp and body, and refuses timestamps more than 5 minutes away (replays).
import { Resend } from "resend";
import { detailOf, record, refuse, text, type ProviderEvent, type Verified } from "./provider-event";

export type SvixHeaders = { id: string | null; timestamp: string | null; signature: string | null };

// The verifier lives on a client instance; verifying needs no API key, so the client gets a placeholder one.
let verifier: Resend | null = null;

export function verifyResend(rawBody: string, headers: SvixHeaders, secret: string): Verified<unknown> {
  const fail = refuse(401, "The webhook signature is missing, invalid or more than 5 minutes old (svix-* headers).");
  if (!headers.id || !headers.timestamp || !headers.signature) return fail;
  verifier ??= new Resend("re_webhook_verification_only");
  try {
    const value: unknown = verifier.webhooks.verify({
      payload: rawBody,
      headers: { id: headers.id, timestamp: headers.timestamp, signature: headers.signature },
      webhookSecret: secret,
    });
    return { ok: true, value };
  } catch {
    return fail;
  }
}

const KINDS: Record<string, "delivered" | "bounced" | "complained" | "delayed"> = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
  "email.delivery_delayed": "delayed",
};

/**
 * The event of a verified body ([] for Resend's own opens and clicks: we track those ourselves). Svix keeps the
 * message id (`svixId`) across retries of one event: it is the dedupe key.
 */
export function resendEvents(body: unknown, svixId: string): ProviderEvent[] {
  const event = record(body);
  const kind = KINDS[text(event.type) ?? ""];
  const data = record(event.data);
  const messageId = text(data.email_id);
  if (!kind || !messageId) return [];
  const bounce = record(data.bounce);
  return [
    {
      source: "resend",
      key: svixId,
      kind,
      bounceType: kind === "bounced" ? (text(bounce.type) === "Permanent" ? "hard" : "soft") : null,
      detail:
        kind === "bounced" ? detailOf([bounce.type, bounce.subType, bounce.message].filter(text).join(": ")) : null,
      token: null,
      messageIds: [messageId],
      email: onlyRecipient(data.to),
    },
  ];
}

/** The one address a message to one recipient names ("Ann <ann@x>" or "ann@x"), or null when it names several. */
function onlyRecipient(to: unknown): string | null {
  const list = Array.isArray(to) ? to : typeof to === "string" ? [to] : [];
  if (list.length !== 1 || typeof list[0] !== "string") return null;
  return /<([^<>]+)>\s*$/.exec(list[0])?.[1] ?? list[0];
}
