// SendGrid's signed Event Webhook: an ECDSA P-256 signature (SHA-256, DER, base64) over the timestamp header followed
// by the raw body, checked with the verification key SendGrid shows (base64 DER SubjectPublicKeyInfo, stored as the
// identity's webhook secret). The body is an array of events.
import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { ECHO_KEY } from "@/server/deliverability/echo-headers";
import {
  detailOf,
  list,
  messageIdForms,
  record,
  refuse,
  text,
  type ProviderEvent,
  type Verified,
} from "./provider-event";

export const SENDGRID_SIGNATURE = "x-twilio-email-event-webhook-signature";
export const SENDGRID_TIMESTAMP = "x-twilio-email-event-webhook-timestamp";

/** A signature older than this is a replay (SendGrid signs each attempt as it makes it). */
const MAX_AGE_S = 15 * 60;

function publicKey(secret: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: Buffer.from(secret.trim(), "base64"), format: "der", type: "spki" });
    return key.asymmetricKeyType === "ec" ? key : null;
  } catch {
    return null;
  }
}

export function verifySendGrid(
  rawBody: string,
  signature: string | null,
  timestamp: string | null,
  secret: string,
  now = Date.now(),
): Verified<true> {
  if (!signature || !timestamp) return refuse(401, "The SendGrid signature headers are missing.");
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > MAX_AGE_S)
    return refuse(401, "The SendGrid signature's timestamp is more than 15 minutes away.");
  const key = publicKey(secret);
  if (!key) return refuse(401, "This identity's SendGrid verification key is not a base64 EC public key.");
  let valid = false;
  try {
    valid = verify("sha256", Buffer.from(timestamp + rawBody, "utf8"), key, Buffer.from(signature, "base64"));
  } catch {
    valid = false;
  }
  return valid ? { ok: true, value: true } : refuse(401, "The SendGrid signature does not verify.");
}

export function sendGridEvents(body: unknown): ProviderEvent[] {
  return list(body).flatMap((item): ProviderEvent[] => {
    const e = record(item);
    const base = {
      source: "sendgrid" as const,
      key: text(e.sg_event_id),
      token: text(e[ECHO_KEY]),
      messageIds: messageIdForms(e["smtp-id"]),
      email: text(e.email),
    };
    switch (text(e.event)) {
      case "bounce": {
        // type "blocked": the receiving server refused this message (reputation, content), not the address.
        const hard = text(e.type) !== "blocked";
        const detail = detailOf(e.status, e.reason);
        return [{ ...base, kind: "bounced", bounceType: hard ? "hard" : "soft", detail }];
      }
      case "blocked":
        return [{ ...base, kind: "bounced", bounceType: "soft", detail: detailOf(e.status, e.reason) }];
      case "deferred":
        return [{ ...base, kind: "delayed", bounceType: null, detail: detailOf(e.response) }];
      case "delivered":
        return [{ ...base, kind: "delivered", bounceType: null, detail: null }];
      case "spamreport":
        return [{ ...base, kind: "complained", bounceType: null, detail: null }];
      default:
        // dropped: SendGrid never tried (its own suppression lists); opens, clicks…: we track those ourselves.
        return [];
    }
  });
}
