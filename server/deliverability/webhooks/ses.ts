// Amazon SES events as SNS delivers them (the SNS envelope is verified by sns.ts): both shapes SES publishes, the
// identity "notification" (notificationType) and the configuration set's "event publishing" (eventType). One event
// per recipient named: bounces per bouncedRecipients (Permanent = hard; Transient and Undetermined = soft),
// complaints per complainedRecipients, deliveries per delivery.recipients, delays per delayedRecipients.
import { ECHO_KEY } from "@/server/deliverability/echo-headers";
import { detailOf, list, messageIdForms, parseJson, record, text, type ProviderEvent } from "./provider-event";

/** The SES message carried by a verified SNS notification; [] for event types we do not use (Send, Open, …). */
export function sesEvents(snsMessageId: string, message: string): ProviderEvent[] {
  const m = record(parseJson(message));
  const type = text(m.eventType) ?? text(m.notificationType);
  const mail = record(m.mail);
  const match = { token: echoedToken(mail), messageIds: mailMessageIds(mail) };
  const base = { source: "ses" as const, ...match };
  const perRecipient = (recipients: unknown, make: (r: Record<string, unknown>, email: string) => ProviderEvent) =>
    list(recipients).flatMap((entry) => {
      // Delivery lists plain addresses; the others list objects with emailAddress.
      const r = typeof entry === "string" ? { emailAddress: entry } : record(entry);
      const email = text(r.emailAddress);
      return email ? [make(r, email)] : [];
    });
  const key = (email: string) => `${snsMessageId}:${email.toLowerCase()}`;

  switch (type) {
    case "Bounce": {
      const bounce = record(m.bounce);
      const hard = text(bounce.bounceType) === "Permanent";
      return perRecipient(bounce.bouncedRecipients, (r, email) => ({
        ...base,
        key: key(email),
        kind: "bounced",
        bounceType: hard ? "hard" : "soft",
        detail: detailOf(r.status, r.diagnosticCode) ?? detailOf(bounce.bounceType, bounce.bounceSubType),
        email,
      }));
    }
    case "Complaint": {
      const complaint = record(m.complaint);
      return perRecipient(complaint.complainedRecipients, (_, email) => ({
        ...base,
        key: key(email),
        kind: "complained",
        bounceType: null,
        detail: detailOf(complaint.complaintFeedbackType),
        email,
      }));
    }
    case "Delivery":
      return perRecipient(record(m.delivery).recipients, (_, email) => ({
        ...base,
        key: key(email),
        kind: "delivered",
        bounceType: null,
        detail: null,
        email,
      }));
    case "DeliveryDelay": {
      const delay = record(m.deliveryDelay);
      return perRecipient(delay.delayedRecipients, (r, email) => ({
        ...base,
        key: key(email),
        kind: "delayed",
        bounceType: null,
        detail: detailOf(delay.delayType, r.status, r.diagnosticCode),
        email,
      }));
    }
    default:
      return [];
  }
}

/** The token echoed through X-SES-MESSAGE-TAGS: mail.tags.sendwell_token = ["<token>"] (event publishing only). */
function echoedToken(mail: Record<string, unknown>): string | null {
  const tag = record(mail.tags)[ECHO_KEY];
  return text(Array.isArray(tag) ? tag[0] : tag);
}

/** Our Message-ID (commonHeaders, else the raw headers), then SES's own message id. */
function mailMessageIds(mail: Record<string, unknown>): string[] {
  const header = list(mail.headers)
    .map(record)
    .find((h) => text(h.name)?.toLowerCase() === "message-id")?.value;
  return messageIdForms(record(mail.commonHeaders).messageId, header, mail.messageId);
}
