// Resend's delivery webhooks (delivered, bounced, complained, delivery delayed), signed with the Svix scheme that
// Resend uses (svix-id, svix-timestamp, svix-signature; secret "whsec_…" in RESEND_WEBHOOK_SECRET). A verified event
// goes through the one write path of delivery events (server/deliverability/apply-delivery-event.ts), which applies
// the workspace's bounce and complaint rules in the same transaction, so the next broadcast cannot reach a
// suppressed contact even before the rollup runs. The svix-id makes a redelivered event a no-op.
import "server-only";
import { Resend } from "resend";
import { applyDeliveryEvent } from "@/server/deliverability/apply-delivery-event";

export type ResendWebhookResult = { status: 200; outcome: "applied" | "ignored" } | { status: 401; detail: string };

type Headers = { id: string | null; timestamp: string | null; signature: string | null };

type ResendEvent = {
  type?: string;
  data?: { email_id?: string; bounce?: { type?: string; subType?: string; message?: string } };
};

const KINDS: Record<string, "delivered" | "bounced" | "complained" | "delayed"> = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
  "email.delivery_delayed": "delayed",
};

/**
 * The SDK's verifier checks the signature over id, timestamp and body, and refuses timestamps more than 5 minutes
 * away (replays). It lives on a client instance; verifying needs no API key, so the client gets a placeholder one.
 */
let verifier: Resend | null = null;
function verify(rawBody: string, headers: Headers, secret: string): ResendEvent | null {
  if (!headers.id || !headers.timestamp || !headers.signature) return null;
  verifier ??= new Resend("re_webhook_verification_only");
  try {
    return verifier.webhooks.verify({
      payload: rawBody,
      headers: { id: headers.id, timestamp: headers.timestamp, signature: headers.signature },
      webhookSecret: secret,
    }) as ResendEvent;
  } catch {
    return null;
  }
}

export async function handleResendWebhook(rawBody: string, headers: Headers): Promise<ResendWebhookResult> {
  const secret = process.env.RESEND_WEBHOOK_SECRET;
  if (!secret) {
    return { status: 401, detail: "Resend webhooks are not enabled on this server: set RESEND_WEBHOOK_SECRET." };
  }
  const event = verify(rawBody, headers, secret);
  if (!event) {
    return {
      status: 401,
      detail: "The webhook signature is missing, invalid or more than 5 minutes old (svix-* headers).",
    };
  }
  const kind = event.type ? KINDS[event.type] : undefined;
  const messageId = event.data?.email_id;
  // Other event types (Resend's own opens and clicks: we track those ourselves) and messages we did not send
  // (another app on the same Resend account) are acknowledged so Resend does not retry them.
  if (!kind || typeof messageId !== "string") return { status: 200, outcome: "ignored" };
  const bounceType = kind === "bounced" ? (event.data?.bounce?.type === "Permanent" ? "hard" : "soft") : null;
  const detail = kind === "bounced" ? bounceDetail(event.data?.bounce) : null;
  const outcome = await applyDeliveryEvent({
    source: "resend",
    key: headers.id,
    kind,
    bounceType,
    detail,
    // Resend's email id names exactly one message of ours: no address check needed.
    match: { providerMessageId: messageId },
  });
  return { status: 200, outcome: outcome === "applied" ? "applied" : "ignored" };
}

function bounceDetail(bounce: { type?: string; subType?: string; message?: string } | undefined) {
  const text = [bounce?.type, bounce?.subType, bounce?.message].filter(Boolean).join(": ");
  return text ? text.slice(0, 1_000) : null;
}
