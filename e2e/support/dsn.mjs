// The delivery status notification (RFC 3464) a receiving MTA sends back when a mailbox does not exist: what the
// e2e SMTP sink answers for mail to *@bounce-me.test, written the way Postfix writes it (multipart/report with a
// human part, message/delivery-status with one per-recipient block, and the original message's headers).
import { randomBytes } from "node:crypto";

/** The header block of a raw message (up to the first empty line), CRLF line ends. */
export function headerBlock(raw) {
  const text = raw.replace(/\r?\n/g, "\r\n");
  const end = text.indexOf("\r\n\r\n");
  return end === -1 ? text : text.slice(0, end + 2);
}

/**
 * @param {{ reportingMta: string, envelopeFrom: string, recipients: string[], original: string, date?: Date }} input
 *   envelopeFrom: the original's envelope sender (the VERP return path): the DSN goes to it, as RFC 5321 §4.5.5 says.
 *   recipients: the original's recipients that failed. original: the raw message as received.
 * @returns {string} the raw DSN, CRLF line ends.
 */
export function buildDsn({ reportingMta, envelopeFrom, recipients, original, date = new Date() }) {
  const boundary = `dsn-${randomBytes(8).toString("hex")}`;
  const queueId = randomBytes(5).toString("hex").toUpperCase();
  const when = date.toUTCString().replace("GMT", "+0000");
  const diagnostic = (to) => `550 5.1.1 <${to}>: Recipient address rejected: User unknown in virtual mailbox table`;
  const lines = [
    `Return-Path: <>`,
    `Received: by ${reportingMta} (Postfix) id ${queueId}; ${when}`,
    `Date: ${when}`,
    `From: MAILER-DAEMON@${reportingMta} (Mail Delivery System)`,
    `Subject: Undelivered Mail Returned to Sender`,
    `To: ${envelopeFrom}`,
    `Auto-Submitted: auto-replied`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    `Message-Id: <${queueId}.${Date.now()}@${reportingMta}>`,
    ``,
    `This is a MIME-encapsulated message.`,
    ``,
    `--${boundary}`,
    `Content-Description: Notification`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    `This is the mail system at host ${reportingMta}.`,
    ``,
    `I'm sorry to have to inform you that your message could not`,
    `be delivered to one or more recipients. It's attached below.`,
    ``,
    `                   The mail system`,
    ``,
    ...recipients.map((to) => `<${to}>: host ${reportingMta}[127.0.0.1] said: ${diagnostic(to)}`),
    ``,
    `--${boundary}`,
    `Content-Description: Delivery report`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; ${reportingMta}`,
    `X-Postfix-Queue-ID: ${queueId}`,
    `X-Postfix-Sender: rfc822; ${envelopeFrom}`,
    `Arrival-Date: ${when}`,
    ...recipients.flatMap((to) => [
      ``,
      `Final-Recipient: rfc822; ${to}`,
      `Original-Recipient: rfc822;${to}`,
      `Action: failed`,
      `Status: 5.1.1`,
      `Remote-MTA: dns; ${reportingMta}`,
      `Diagnostic-Code: smtp; ${diagnostic(to)}`,
    ]),
    ``,
    `--${boundary}`,
    `Content-Description: Undelivered Message Headers`,
    `Content-Type: text/rfc822-headers`,
    ``,
  ];
  return `${lines.join("\r\n")}\r\n${headerBlock(original)}\r\n--${boundary}--\r\n`;
}
