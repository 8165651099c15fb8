// Bounces without a machine-readable report: the prose of qmail, Exim, Postfix and Sendmail, Gmail, Outlook/Exchange
// and Yahoo/AOL. Each is known by its wording; the failed addresses are those the prose names before the copy of
// the original message starts, the diagnostic the first line carrying a status code. Delay warnings are "delayed".
import { detailOf, enhancedCode, severity, smtpCode } from "./classify";
import { addressOf, type Fields } from "./fields";
import type { ReportedEvent } from "./types";

type Form = { name: string; marker: RegExp; delayed?: RegExp };

const FORMS: Form[] = [
  { name: "qmail", marker: /Hi\. This is the qmail-send program/i, delayed: /not been able to deliver|still trying/i },
  {
    name: "exim",
    marker: /This message was created automatically by mail delivery software/i,
    delayed: /has not yet been delivered|message (?:has been )?delayed|no action is required on your part/i,
  },
  {
    name: "gmail",
    marker:
      /Delivery to the following recipients? (?:failed permanently|has been delayed)|Your message wasn't delivered to|The response from the remote server was|Delivery incomplete|Address not found/i,
    delayed: /has been delayed|Delivery incomplete|will (?:retry|try again)/i,
  },
  {
    name: "exchange",
    marker:
      /Delivery has failed to these recipients or groups|Your message did not reach some or all of the intended recipients|Your message to .{1,200} couldn't be delivered|Remote Server returned|Diagnostic information for administrators|The following recipient\(s\) (?:cannot|could not) be reached|Delivery is delayed to these recipients/i,
    delayed: /Delivery is delayed|hasn't been delivered yet|will (?:continue|keep) trying/i,
  },
  {
    name: "yahoo",
    marker:
      /Sorry, we were unable to deliver your message to the following address|Message from yahoo\.com\.|Unable to deliver message to the following address/i,
    delayed: /will (?:continue to )?(?:retry|try)/i,
  },
  {
    name: "postfix",
    marker:
      /I'm sorry to have to inform you that your message could not\s+be delivered|This is the mail system at host|This is the Postfix program/i,
    delayed:
      /delivery status notification, NOT an error|could not be delivered for \d|will (?:continue|keep) trying|still trying/i,
  },
  {
    name: "sendmail",
    marker:
      /The following addresses had (?:permanent fatal|transient non-fatal) errors|Transcript of session follows|could not send message for past|The original message was received at/i,
    delayed: /transient non-fatal|could not send message for past|will keep trying/i,
  },
];

/** Generic: the mail system's own sender and a bounce's subject, without a wording we know. */
const DAEMON = /mailer-daemon|postmaster|mail delivery (?:system|subsystem)/i;
const BOUNCE_SUBJECT =
  /undeliver|returned mail|delivery (?:status notification|failure|failed|problem|incomplete|has failed)|failure notice|non[- ]?delivery|could not be delivered|mail delivery failed|warning: could not send|delayed mail/i;
const DELAY_SUBJECT = /\bdelay|warning: could not send|delivery status notification \(delay\)/i;

/** Where the copy of the original message begins: addresses after it are the original's, not the failed ones. */
const COPY =
  /^.*(?:below this line is a copy of the message|this is a copy of the message|original message (?:follows|headers)|-+ ?original message ?-+|undelivered message headers|message headers follow)|^(?:return-path|received|dkim-signature|message-id):/im;
const ADDRESS = /<?([a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9-]{1,63})+)>?/gi;
const NOT_RECIPIENT = /^(?:mailer-daemon|postmaster|bounce-[0-9a-z]+-[0-9a-f]+|no-?reply|abuse)@/i;
const QMAIL_RECIPIENT = /^<([^<>\s]+@[^<>\s]+)>:[ \t]*\r?\n([\s\S]*?)(?:\r?\n[ \t]*\r?\n|(?![\s\S]))/gm;

/** A bounce names one message's recipients: more than this is not a bounce we sent. */
const MAX_EVENTS = 50;

export type TextBounce = { form: string; events: ReportedEvent[] };

/** `specific`: only the wordings we know; otherwise also a mail system's message with a bounce subject. */
export function textBounce(
  headers: Fields,
  subject: string,
  from: string,
  text: string,
  mode: "specific" | "generic",
): TextBounce | null {
  const body = text.slice(0, 200_000);
  let form = FORMS.find((f) => f.marker.test(body));
  if (!form && mode === "generic" && DAEMON.test(from) && BOUNCE_SUBJECT.test(subject)) {
    form = { name: "mailer-daemon", marker: BOUNCE_SUBJECT, delayed: /delay|will (?:retry|keep trying)/i };
  }
  if (!form) return null;
  const cut = body.search(COPY);
  const region = cut > 0 ? body.slice(0, cut) : body;
  const delayed = DELAY_SUBJECT.test(subject) || (form.delayed?.test(region) ?? false);
  const own = new Set([from, ...(headers.get("to") ?? [])].map(addressOf).filter((a): a is string => a !== null));

  const failures: { email: string | null; diagnostic: string | null }[] = [];
  if (form.name === "qmail") {
    for (const m of region.matchAll(QMAIL_RECIPIENT)) {
      failures.push({ email: addressOf(m[1]), diagnostic: codeLine(m[2]!) ?? m[2]!.split(/\r?\n/)[0]! });
      if (failures.length >= MAX_EVENTS) break;
    }
  }
  if (failures.length === 0) {
    const listed = (headers.get("x-failed-recipients") ?? []).flatMap((v) => v.split(","));
    const named = listed.length ? listed : [...region.matchAll(ADDRESS)].map((m) => m[1]!);
    const emails = [...new Set(named.map(addressOf))].filter(
      (a): a is string => a !== null && !NOT_RECIPIENT.test(a) && !own.has(a),
    );
    const diagnostic = codeLine(region);
    for (const email of emails.slice(0, MAX_EVENTS)) failures.push({ email, diagnostic });
    if (failures.length === 0) failures.push({ email: null, diagnostic });
  }
  return {
    form: form.name,
    events: failures.map(({ email, diagnostic }) => {
      const line = diagnostic?.replace(/\s+/g, " ").trim() ?? null;
      const status = enhancedCode(line);
      const detail = detailOf(status, line?.slice(0, 300) ?? null);
      if (delayed) return { email, kind: "delayed", bounceType: null, detail };
      // Without a code the prose decides (severity reads "permanent", "does not exist"…): the region, not one line.
      const bounceType = line && (status || smtpCode(line)) ? severity(status, line) : severity(null, region);
      return { email, kind: "bounced", bounceType: bounceType.bounceType, detail };
    }),
  };
}

/** The first line with an SMTP reply or enhanced status code (plus the next, where servers wrap the reply). */
function codeLine(region: string): string | null {
  const lines = region.split(/\r?\n/);
  const i = lines.findIndex((l) => enhancedCode(l) || /(?:^|\s|#)[45]\d\d[ :-]/.test(l));
  if (i < 0) return null;
  const next = lines[i + 1] ?? "";
  return /^\s+\S/.test(next) ? `${lines[i]} ${next.trim()}` : lines[i]!;
}
