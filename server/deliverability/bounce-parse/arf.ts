// Complaint feedback reports (ARF, RFC 5965; also RFC 6650's guidance): a machine-readable part with Feedback-Type
// and, when the mailbox provider reveals it, the complaining address (Original-Rcpt-To, Removal-Recipient); the
// original message or its headers follow. Yahoo, AOL and Outlook.com (JMRP) redact the recipient, so the original's
// To header is never taken for the address (a redacted one would name someone else): without a named address the
// report is matched by our return path or the original's Message-ID alone.
import { addressOf, first, parseFields, type Fields } from "./fields";
import type { ReportedEvent } from "./types";

const COMPLAINTS = new Set(["abuse", "fraud", "virus", "other"]);

export type FeedbackOutcome = { complaint: true; event: ReportedEvent } | { complaint: false; feedbackType: string };

export function feedbackEvent(report: string, originalHeaders: Fields | null): FeedbackOutcome {
  const fields = parseFields(report);
  const feedbackType = (first(fields, "feedback-type") ?? "").toLowerCase().trim();
  if (!COMPLAINTS.has(feedbackType)) return { complaint: false, feedbackType: feedbackType || "none" };
  const email =
    addressOf(first(fields, "original-rcpt-to")) ??
    addressOf(first(fields, "removal-recipient")) ??
    // Outlook.com's JMRP names the recipient in a header of its own.
    (originalHeaders ? addressOf(first(originalHeaders, "x-hmxmroriginalrecipient")) : null);
  return {
    complaint: true,
    event: { email, kind: "complained", bounceType: null, detail: `feedback-type ${feedbackType}` },
  };
}
