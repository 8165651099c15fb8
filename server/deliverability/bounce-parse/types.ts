// What a message found in the bounce mailbox says, before it is matched to a message we sent (to-events.ts).

/** One thing the report says about one address. */
export type ReportedEvent = {
  /** The address that failed or complained, lower-cased; null when the report hides it (many complaint loops do). */
  email: string | null;
  kind: "bounced" | "delayed" | "complained";
  /** For bounces: hard (the address will never take mail) or soft (full, blocked, temporary). */
  bounceType: "hard" | "soft" | null;
  /** The status code and diagnostic, e.g. "5.1.1 smtp; 550 5.1.1 user unknown". */
  detail: string | null;
};

export type ParsedReport = {
  /**
   * bounce / complaint: `events` say what happened; ignored: an auto-reply, a challenge-response, a success notice or a
   * feedback type that is no complaint (nothing to do); unrecognised: anything else, including input that did not parse.
   */
  kind: "bounce" | "complaint" | "ignored" | "unrecognised";
  /** How it was read, for logs and tests: "dsn", "arf", "exim", "qmail", "auto-reply", "unparsable"… */
  form: string;
  /** The report's own Message-ID (without brackets), else a hash of its bytes: with an address, the dedupe key. */
  reportId: string;
  /** The recipient row our signed VERP return path names, when the report carries a genuine one. */
  returnPath: bigint | null;
  /** The Message-ID of the message that bounced, from the copy or headers the report includes. */
  originalMessageId: string | null;
  events: ReportedEvent[];
};
