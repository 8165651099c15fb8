// Mailgun webhooks: the body's signature object {timestamp, token, signature}, where signature is
// HMAC-SHA256(webhook signing key, timestamp + token) in hex. The timestamp must be recent; the token is single-use
// (the use case records it, so a replayed request changes nothing). One event per request, in "event-data".
import { createHmac, timingSafeEqual } from "node:crypto";
import { ECHO_KEY } from "@/server/deliverability/echo-headers";
import { detailOf, messageIdForms, record, refuse, text, type ProviderEvent, type Verified } from "./provider-event";

const MAX_AGE_S = 15 * 60;

export function verifyMailgun(body: unknown, signingKey: string, now = Date.now()): Verified<{ token: string }> {
  const s = record(record(body).signature);
  const timestamp = typeof s.timestamp === "number" ? String(s.timestamp) : text(s.timestamp);
  const token = text(s.token);
  const signature = text(s.signature);
  if (!timestamp || !token || !signature) return refuse(401, "The Mailgun signature object is missing.");
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > MAX_AGE_S)
    return refuse(401, "The Mailgun signature's timestamp is more than 15 minutes away.");
  if (token.length > 200 || !/^[0-9a-f]{64}$/i.test(signature))
    return refuse(401, "The Mailgun signature does not verify.");
  const expected = createHmac("sha256", signingKey)
    .update(timestamp + token)
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex")))
    return refuse(401, "The Mailgun signature does not verify.");
  return { ok: true, value: { token } };
}

export function mailgunEvents(body: unknown): ProviderEvent[] {
  const e = record(record(body)["event-data"]);
  const status = record(e["delivery-status"]);
  const base = {
    source: "mailgun" as const,
    key: text(e.id),
    token: text(record(e["user-variables"])[ECHO_KEY]),
    messageIds: messageIdForms(record(record(e.message).headers)["message-id"]),
    email: text(e.recipient),
  };
  switch (text(e.event)) {
    case "failed": {
      const severity = text(e.severity);
      // "permanent": Mailgun gave up on the address; "temporary": it will retry (a soft bounce now).
      if (severity !== "permanent" && severity !== "temporary") return [];
      const detail = detailOf(status.code, status.message || status.description, e.reason);
      return [{ ...base, kind: "bounced", bounceType: severity === "permanent" ? "hard" : "soft", detail }];
    }
    case "complained":
      return [{ ...base, kind: "complained", bounceType: null, detail: null }];
    case "delivered":
      return [{ ...base, kind: "delivered", bounceType: null, detail: null }];
    default:
      return [];
  }
}
