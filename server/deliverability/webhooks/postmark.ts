// Postmark webhooks (Bounce, SpamComplaint, Delivery), authenticated with HTTP Basic auth: Postmark lets the webhook
// URL carry a user and password, and signs nothing else. User "sendwell", password the identity's webhook secret,
// compared in constant time.
import { createHash, timingSafeEqual } from "node:crypto";
import { ECHO_KEY } from "@/server/deliverability/echo-headers";
import { detailOf, messageIdForms, record, refuse, text, type ProviderEvent, type Verified } from "./provider-event";

export const POSTMARK_USER = "sendwell";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** True when `authorization` is Basic sendwell:<secret>. Digests first, so the compare takes the same time. */
export function postmarkAuthorized(authorization: string | null, secret: string): Verified<true> {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,1000})$/i.exec(authorization?.trim() ?? "");
  if (!match) return refuse(401, "Postmark webhooks need HTTP Basic auth (user sendwell, the identity's secret).");
  const given = Buffer.from(match[1]!, "base64").toString("utf8");
  if (!timingSafeEqual(digest(given), digest(`${POSTMARK_USER}:${secret}`)))
    return refuse(401, "The Postmark webhook's user or password is wrong.");
  return { ok: true, value: true };
}

/**
 * Postmark's bounce types (postmarkapp.com/developer/api/bounce-api#bounce-types): those that say the address is
 * gone are hard, those that may pass next time soft; the rest (auto-replies, subscribe and unsubscribe requests,
 * challenge verifications, inbound errors…) are not bounces of our message and change nothing.
 */
const BOUNCE_TYPES: Record<string, "hard" | "soft" | "complaint"> = {
  HardBounce: "hard",
  BadEmailAddress: "hard",
  ManuallyDeactivated: "hard",
  Transient: "soft",
  SoftBounce: "soft",
  DnsError: "soft",
  SpamNotification: "soft",
  VirusNotification: "soft",
  Blocked: "soft",
  Unknown: "soft",
  SMTPApiError: "soft",
  DMARCPolicy: "soft",
  SpamComplaint: "complaint",
};

export function postmarkEvents(body: unknown): ProviderEvent[] {
  const e = record(body);
  const recordType = text(e.RecordType);
  const match = {
    source: "postmark" as const,
    token: text(record(e.Metadata)[ECHO_KEY]),
    messageIds: messageIdForms(e.MessageID),
  };
  const id = typeof e.ID === "number" || typeof e.ID === "string" ? String(e.ID) : null;
  if (recordType === "Bounce" || recordType === "SpamComplaint") {
    const mapped = recordType === "SpamComplaint" ? "complaint" : BOUNCE_TYPES[text(e.Type) ?? ""];
    if (!mapped) return [];
    return [
      {
        ...match,
        key: id ? `${recordType}:${id}` : null,
        kind: mapped === "complaint" ? "complained" : "bounced",
        bounceType: mapped === "complaint" ? null : mapped,
        detail: mapped === "complaint" ? null : detailOf(e.Type, e.Description, e.Details),
        email: text(e.Email),
      },
    ];
  }
  if (recordType === "Delivery") {
    const messageId = text(e.MessageID);
    return [
      {
        ...match,
        key: messageId ? `Delivery:${messageId}:${text(e.Recipient) ?? ""}` : null,
        kind: "delivered",
        bounceType: null,
        detail: null,
        email: text(e.Recipient),
      },
    ];
  }
  return [];
}
