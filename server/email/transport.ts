// How email leaves Sendwell: one interface, three transports chosen by EMAIL_TRANSPORT (outbox, the default; resend;
// smtp). The sender hands over batches of up to 100 rendered messages with one idempotency key per batch; a
// transport either accepts the whole batch (returning each message's provider id, in order) or throws.
/** invitation: shown in the workspace's outbox to those who manage the team only (it holds a join link).
 * account: password reset and email change, stored with no workspace so no outbox shows them. */
export type EmailKind = "broadcast" | "test" | "transactional" | "invitation" | "account";

export type OutgoingEmail = {
  /** null for account mail only. */
  workspaceId: string | null;
  kind: EmailKind;
  broadcastId: string | null;
  /** The BroadcastRecipient row (broadcast emails only): the outbox stores each recipient's message once. */
  recipientId: bigint | null;
  /** `"Name" <address>` or a bare address. */
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
  /**
   * The SMTP envelope sender (Return-Path): a per-recipient signed VERP address on a bounce domain, so a bounce names
   * its message (server/deliverability/verp.ts). Transports without an envelope (Resend, outbox) ignore it.
   */
  envelopeFrom?: string | null;
  /** Sign with this DKIM key (the From domain is a verified sending domain). SMTP only; others sign themselves. */
  dkim?: DkimKey | null;
};

/** A verified sending domain's key, as nodemailer's `dkim` option takes it. */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/**
 * Accepted: one entry per message, in order (null where the transport has no message id, or the message failed).
 * `failures` lists messages of an accepted batch that did not go out: SMTP answers each message on its own, so one
 * refused recipient must not fail (or, worse, resend) the other 99. Never retry the whole batch for them (SMTP has
 * no idempotency): retry the transient ones alone, mark the permanent ones failed. A batch of which no message went
 * out is thrown instead (TransientSendError if any message may succeed later, PermanentSendError otherwise).
 */
export type BatchAccepted = { providerMessageIds: (string | null)[]; failures?: MessageFailure[] };

/** A message of an accepted batch that was not sent: `index` into the batch. */
export type MessageFailure = { index: number; error: TransientSendError | PermanentSendError };

/** Worth trying again later (HTTP 429/5xx, SMTP 4xx such as 421/454, timeouts, refused connections). */
export class TransientSendError extends Error {
  constructor(
    message: string,
    /** The provider's Retry-After, when it gave one. */
    readonly retryAfterMs?: number,
    /**
     * The provider asked us to slow down (HTTP 429, SES "Throttling"/"Maximum sending rate exceeded", SMTP 421/451/454
     * naming a rate): the sending identity backs off; the batch waits, it is not a failed attempt.
     */
    readonly slowDown = false,
  ) {
    super(message);
    this.name = "TransientSendError";
  }
}

/** Will never succeed as sent (e.g. the provider rejects the sender domain or an address): the batch fails. */
export class PermanentSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentSendError";
  }
}

export interface Transport {
  readonly name: "outbox" | "resend" | "smtp";
  /**
   * Sends up to 100 messages. Called again with the same key and the same messages after a crash or a transient
   * failure: transports that can (outbox, Resend) make the repeat a no-op.
   */
  sendBatch(emails: OutgoingEmail[], options: { idempotencyKey: string }): Promise<BatchAccepted>;
  close?(): Promise<void>;
}
