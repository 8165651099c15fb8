// EMAIL_TRANSPORT=smtp: any SMTP relay (Postfix, SES, Postmark, Mailgun…) through a nodemailer pool of up to 5
// connections per worker process, so the 100 messages of a batch go out five at a time over kept-open connections.
//
// SMTP answers each message on its own, so results are per message: a batch is accepted when at least one message
// went out, and the others are reported in `failures` (4xx and timeouts transient, 5xx permanent); only a batch of
// which nothing went out is thrown. SMTP has no idempotency key: the one window it cannot close is a crash (or a
// timeout) after the server accepted a message and before the sender recorded it; that message goes out again on
// the retry. Each message's Message-ID is derived from the batch key and its place in the batch, so a repeat carries
// the same Message-ID, which some mailbox providers use to drop the second copy (not a guarantee).
import { createHash, createPrivateKey, type KeyObject } from "node:crypto";
import nodemailer from "nodemailer";
import {
  PermanentSendError,
  TransientSendError,
  type BatchAccepted,
  type MessageFailure,
  type OutgoingEmail,
  type Transport,
} from "./transport";

export type SmtpTransportOptions = {
  /** smtp://user:pass@host:587 or smtps://…:465; or host/port/secure/user/pass. */
  url?: string;
  host?: string;
  port?: number;
  /** Implicit TLS (port 465). Otherwise STARTTLS is used whenever the server offers it. */
  secure?: boolean;
  user?: string;
  pass?: string;
  maxConnections?: number;
  /** Longest wait for a connection, the greeting, and any one reply. */
  timeoutMs?: number;
};

/** Connection-level failures that another attempt may not meet. */
const TRANSIENT_CODES = new Set(["ETIMEDOUT", "ESOCKET", "ECONNECTION", "EDNS", "ETLS", "EPROTOCOL", "ECONNRESET"]);

export function smtpTransport(options: SmtpTransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pool = {
    pool: true as const,
    maxConnections: options.maxConnections ?? 5,
    // A connection is replaced after this many messages (nodemailer's default of 100 reconnects every batch).
    maxMessages: 1_000,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
  const transporter = options.url
    ? nodemailer.createTransport(options.url, pool)
    : nodemailer.createTransport({
        ...pool,
        host: options.host,
        port: options.port ?? (options.secure ? 465 : 587),
        secure: options.secure ?? false,
        auth: options.user ? { user: options.user, pass: options.pass ?? "" } : undefined,
      });

  return {
    name: "smtp",
    async sendBatch(emails, { idempotencyKey }): Promise<BatchAccepted> {
      const results = await Promise.allSettled(
        emails.map((email, index) => transporter.sendMail(toMessage(email, idempotencyKey, index))),
      );
      const providerMessageIds: (string | null)[] = [];
      const failures: MessageFailure[] = [];
      results.forEach((result, index) => {
        if (result.status === "fulfilled") {
          providerMessageIds.push(String(result.value.messageId ?? "") || null);
          return;
        }
        providerMessageIds.push(null);
        failures.push({ index, error: classify(result.reason) });
      });
      if (emails.length > 0 && failures.length === emails.length) {
        // Nothing went out, so a retry of the whole batch cannot duplicate: transient if any message may pass later.
        const transient = failures.find((failure) => failure.error instanceof TransientSendError);
        const detail = `No message of the batch was accepted: ${(transient ?? failures[0])?.error.message}`;
        const slowDown = failures.some((f) => f.error instanceof TransientSendError && f.error.slowDown);
        throw transient ? new TransientSendError(detail, undefined, slowDown) : new PermanentSendError(detail);
      }
      return failures.length > 0 ? { providerMessageIds, failures } : { providerMessageIds };
    },
    async close() {
      transporter.close();
    },
  };
}

function toMessage(email: OutgoingEmail, idempotencyKey: string, index: number) {
  return {
    from: email.from,
    to: email.to,
    replyTo: email.replyTo ?? undefined,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
    messageId: messageId(idempotencyKey, index, email.from),
    // MAIL FROM is the message's VERP return path when it has one (the From header stays as written).
    envelope: email.envelopeFrom ? { from: email.envelopeFrom, to: email.to } : undefined,
    // Signed here, per message: the key of the From domain's verified sending domain (dkimKeyFor), when there is one.
    ...(email.dkim ? { dkim: { ...email.dkim, privateKey: parsedKey(email.dkim.privateKey) } } : {}),
  };
}

// Parsing a PEM key costs more than the RSA signature itself (≈1.5 ms against ≈1 ms): each key is parsed once.
// nodemailer hands the key to crypto's sign(), which takes a KeyObject as well as a PEM string (its types say string).
const parsedKeys = new Map<string, KeyObject>();
function parsedKey(pem: string): string {
  let key = parsedKeys.get(pem);
  if (!key) {
    if (parsedKeys.size >= 100) parsedKeys.clear(); // a workspace has a few domains: this bounds a long-lived worker
    key = createPrivateKey(pem);
    parsedKeys.set(pem, key);
  }
  return key as unknown as string;
}

function messageId(idempotencyKey: string, index: number, from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf("@") + 1).trim() || "sendwell.invalid";
  const hash = createHash("sha256").update(`${idempotencyKey}\n${index}`).digest("hex").slice(0, 32);
  return `<${hash}@${domain}>`;
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** Codes a relay uses to say "too fast" (RFC 5321 421 service unavailable, 451 local error, 454 temporary failure)… */
const SLOW_DOWN_CODES = new Set([421, 451, 454]);
/** …when the text names a rate; SES's own wording ("Throttling failure: Maximum sending rate exceeded") whatever the code. */
const RATE_WORDING = /\brate\b|throttl|too many|too fast|slow down/i;
const SES_THROTTLING = /maximum sending rate exceeded|\bthrottling\b/i;

/**
 * SMTP reply codes decide (RFC 5321: 4yz transient, 5yz permanent); without one, connection trouble is transient.
 * A 4yz that asks us to slow down is marked slowDown: the sending identity backs off instead of counting an attempt.
 */
export function classify(reason: unknown): TransientSendError | PermanentSendError {
  const error = (reason instanceof Error ? reason : new Error(String(reason))) as SmtpError;
  const detail = error.response ? `${error.message}: ${error.response}` : error.message;
  if (typeof error.responseCode === "number") {
    const code = error.responseCode;
    if (code >= 400 && code < 500) {
      const text = error.response ?? error.message;
      const slowDown = (SLOW_DOWN_CODES.has(code) && RATE_WORDING.test(text)) || SES_THROTTLING.test(text);
      return new TransientSendError(detail, undefined, slowDown);
    }
    if (code >= 500) return new PermanentSendError(detail);
  }
  if (error.code && TRANSIENT_CODES.has(error.code)) return new TransientSendError(detail);
  return new PermanentSendError(detail);
}
