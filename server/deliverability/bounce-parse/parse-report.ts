// Reads one message from the bounce mailbox: a delivery status notification (RFC 3464), a complaint (ARF, RFC 5965),
// a bounce in one of the common prose forms, an auto-reply or challenge (ignored), or something else (unrecognised).
// mailparser does the MIME work (its own limits refuse runaway nesting, part counts and header sizes); only the first
// MAX_BYTES are read, which always hold the report (the copy of the original comes last). Never throws: anything
// that fails to parse is "unrecognised".
import { createHash } from "node:crypto";
import { simpleParser, type ParsedMail } from "mailparser";
import { findReturnPath } from "../verp";
import { feedbackEvent } from "./arf";
import { isAutoReply, isChallenge } from "./auto-reply";
import { dsnEvents } from "./dsn";
import { first, headerBlock, messageIdOf, parseFields, type Fields } from "./fields";
import { textBounce } from "./text-forms";
import type { ParsedReport, ReportedEvent } from "./types";

export type { ParsedReport, ReportedEvent } from "./types";

export const MAX_BYTES = 2 * 1024 * 1024;

const OPTIONS = {
  keepDeliveryStatus: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  checksumAlgo: false,
} as const;

const DELIVERY_STATUS = new Set(["message/delivery-status", "message/global-delivery-status"]);
const FEEDBACK = "message/feedback-report";
const ORIGINAL = new Set([
  "message/rfc822",
  "message/global",
  "text/rfc822-headers",
  "text/rfc822-header",
  "message/global-headers",
]);
const ORIGINAL_ID = /^[ \t]*Message-ID:[ \t]*(<[^<>\s]+>)/im;
/** Headers of the report that name the address it was delivered to: our return path, when it bounced to one. */
const ENVELOPE_HEADERS = ["delivered-to", "x-original-to", "envelope-to", "x-envelope-to", "x-rcpt-to", "to", "cc"];

export async function parseReport(raw: Buffer): Promise<ParsedReport> {
  const bytes = raw.subarray(0, MAX_BYTES);
  const fallbackId = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
  try {
    return await read(bytes, fallbackId);
  } catch {
    return { ...empty(fallbackId), form: "unparsable" };
  }
}

function empty(reportId: string): ParsedReport {
  return { kind: "unrecognised", form: "unknown", reportId, returnPath: null, originalMessageId: null, events: [] };
}

async function read(bytes: Buffer, fallbackId: string): Promise<ParsedReport> {
  const mail = await simpleParser(bytes, OPTIONS);
  const headers = rawHeaders(mail);
  const subject = (first(headers, "subject") ?? "").slice(0, 1_000);
  const from = (first(headers, "from") ?? "").slice(0, 1_000);
  const text = (mail.text || htmlText(mail.html)).slice(0, 500_000);
  const parts = mail.attachments.slice(0, 50).map((a) => ({
    type: a.contentType.toLowerCase(),
    text: a.content.subarray(0, 512 * 1024).toString("utf8"),
  }));
  const status = parts.find((p) => DELIVERY_STATUS.has(p.type))?.text ?? null;
  const feedback = parts.find((p) => p.type === FEEDBACK)?.text ?? null;
  const original = parts.find((p) => ORIGINAL.has(p.type))?.text ?? null;
  const originalHeaders = original !== null ? parseFields(headerBlock(original)) : null;

  // The body as sent (undecoded): a copy of the original that mailparser read as inline parts (AOL marks its
  // message/rfc822 part inline) or an encoded text attachment (Hotmail's "Original message headers.txt") still shows.
  const rawText = bytes.toString("latin1");
  const rawBody = rawText.slice(Math.max(0, rawText.search(/\r?\n\r?\n/)));
  const base: ParsedReport = {
    ...empty(messageIdOf(first(headers, "message-id")) ?? fallbackId),
    returnPath: findReturnPath([
      ...ENVELOPE_HEADERS.flatMap((h) => headers.get(h) ?? []),
      status,
      feedback,
      original !== null ? headerBlock(original) : null,
      text,
      rawBody,
    ]),
    originalMessageId:
      (originalHeaders && messageIdOf(first(originalHeaders, "message-id"))) ??
      messageIdOf(ORIGINAL_ID.exec(rawBody)?.[1]) ??
      messageIdOf(ORIGINAL_ID.exec(text)?.[1]),
  };
  const result = (kind: ParsedReport["kind"], form: string, events: ReportedEvent[] = []): ParsedReport => ({
    ...base,
    kind,
    form,
    events,
  });

  if (feedback !== null) {
    const outcome = feedbackEvent(feedback, originalHeaders);
    return outcome.complaint
      ? result("complaint", "arf", [outcome.event])
      : result("ignored", `arf:${outcome.feedbackType}`);
  }
  if (status !== null) {
    const events = dsnEvents(status);
    return events.length ? result("bounce", "dsn", events) : result("ignored", "dsn:success");
  }
  if (isChallenge(headers, text)) return result("ignored", "challenge-response");
  const known = textBounce(headers, subject, from, text, "specific");
  if (known) return result("bounce", known.form, known.events);
  if (isAutoReply(headers, subject)) return result("ignored", "auto-reply");
  const generic = textBounce(headers, subject, from, text, "generic");
  if (generic) return result("bounce", generic.form, generic.events);
  return result("unrecognised", "unknown");
}

/** The message's own header lines, unfolded, by lower-cased name (mailparser's structured values lose repeats). */
function rawHeaders(mail: ParsedMail): Fields {
  const fields: Fields = new Map();
  for (const { key, line } of mail.headerLines.slice(0, 500)) {
    const value = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim()
      .slice(0, 10_000);
    fields.set(key, [...(fields.get(key) ?? []), value]);
  }
  return fields;
}

/** A bounce sent as HTML only: its text, roughly (tags dropped, entities for the few characters bounces use). */
function htmlText(html: string | false | undefined): string {
  if (!html) return "";
  return html
    .slice(0, 500_000)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/(?:p|div|tr|li|h\d)>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ");
}
