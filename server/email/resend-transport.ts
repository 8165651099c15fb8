// EMAIL_TRANSPORT=resend: one `POST /emails/batch` per batch through the resend SDK, with the batch's idempotency key
// as Resend's `Idempotency-Key` (kept by Resend for 24 hours). A repeat of the same batch with the same key, after a
// crash or a lost response, is answered with the first request's ids and sends nothing again.
//
// Answers (https://resend.com/docs/api-reference/errors):
// - 429 (rate limit, quotas), 5xx, no answer at all (network, timeout) → TransientSendError, with Retry-After.
// - 409 concurrent_idempotent_requests: the first request with this key is still being processed (a retry raced a
//   slow first attempt) → TransientSendError: ask again shortly and get the first request's answer.
// - 409 invalid_idempotent_request: Resend has already accepted a batch under this key, with a different body. Our
//   keys name one batch of one broadcast (the sender derives them from the batch row), so this is the same batch,
//   rendered again after a crash: not byte-identical (e.g. a contact edited in between changes a merge field, or a
//   recipient unsubscribed and left the batch). Those messages went out the first time; sending them under a fresh
//   key would deliver every one of them twice. So it counts as accepted, with no ids (Resend does not tell them).
//   Delivery webhooks still find the recipient through the `sendwell_recipient` tag.
// - any other 4xx (validation, sender domain, API key) → PermanentSendError: repeating cannot help.
import { Resend } from "resend";
import {
  PermanentSendError,
  TransientSendError,
  type BatchAccepted,
  type OutgoingEmail,
  type Transport,
} from "./transport";

/** Longest a batch request may take before it counts as unanswered (transient; the key makes the retry safe). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Wait before retrying a 409 concurrent_idempotent_requests, which comes without Retry-After. */
const CONCURRENT_RETRY_MS = 1_000;

export type ResendTransportOptions = { apiKey: string; baseUrl?: string; timeoutMs?: number };

export function resendTransport({
  apiKey,
  baseUrl,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: ResendTransportOptions): Transport {
  // baseUrl unset: the SDK reads RESEND_BASE_URL, then uses https://api.resend.com.
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    name: "resend",
    async sendBatch(emails, { idempotencyKey }): Promise<BatchAccepted> {
      if (emails.length === 0) return { providerMessageIds: [] };
      const { data, error, headers } = await client.batch.send(emails.map(toResend), {
        idempotencyKey,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!error) {
        const ids = data.data.map((entry) => entry.id);
        if (ids.length !== emails.length)
          throw new PermanentSendError(`Resend answered ${ids.length} ids for ${emails.length} messages`);
        return { providerMessageIds: ids };
      }
      if (error.name === "invalid_idempotent_request") return { providerMessageIds: emails.map(() => null) };
      const description = `Resend ${error.statusCode ?? "unreachable"} ${error.name}: ${error.message}`;
      if (error.name === "concurrent_idempotent_requests")
        throw new TransientSendError(description, retryAfterMs(headers) ?? CONCURRENT_RETRY_MS);
      const status = error.statusCode;
      // 429: too many requests per second (or a daily quota): the identity backs off rather than spend attempts.
      if (status === 429) throw new TransientSendError(description, retryAfterMs(headers), true);
      if (status === null || status >= 500) throw new TransientSendError(description, retryAfterMs(headers));
      throw new PermanentSendError(description);
    },
  };
}

function toResend(email: OutgoingEmail) {
  const tags: { name: string; value: string }[] = [{ name: "sendwell_kind", value: email.kind }];
  if (email.broadcastId) tags.push({ name: "sendwell_broadcast", value: email.broadcastId });
  if (email.recipientId !== null) tags.push({ name: "sendwell_recipient", value: email.recipientId.toString() });
  return {
    from: email.from,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    tags,
  };
}

/** Retry-After in seconds or as an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterMs(headers: Record<string, string> | null): number | undefined {
  const value = headers?.["retry-after"];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
