// Mail that comes back to a return path without being a bounce: out-of-office and vacation replies (RFC 3834's
// Auto-Submitted, the headers Exchange and autoresponders add, the usual subjects) and challenge-response systems
// asking us to prove we are human. Both are ignored: neither says anything about the address.
import { first, type Fields } from "./fields";

const AUTO_HEADERS = ["x-autoreply", "x-autorespond", "x-autoresponder", "x-mailautoreply"];
const AUTO_SUBJECT =
  /^\s*(?:auto(?:matic|matische)?[ -]?(?:reply|response|antwort|réponse)|autoreply|out of (?:the )?office|abwesenheit|réponse automatique|respuesta automática|risposta automatica|on vacation|vacation|away from (?:my|the) (?:desk|office))|\((?:vacation|out of office|auto-?reply)\)|\bout of office\b/i;
const CHALLENGE_HEADERS = ["x-boxtrapper", "x-challenge", "x-challenge-response", "x-spamarrest", "x-tmda-confirm"];
const CHALLENGE_TEXT =
  /challenge[- ]response|(?:verify|confirm) (?:that )?you(?: are|'re) (?:a )?(?:human|real|not a (?:robot|spammer))|(?:added|add you) to (?:my|the) (?:whitelist|approved senders|allowed senders)|spam ?arrest|boxtrapper/i;

/** A challenge-response system asking the sender to prove itself. */
export function isChallenge(headers: Fields, text: string): boolean {
  return CHALLENGE_HEADERS.some((h) => headers.has(h)) || CHALLENGE_TEXT.test(text.slice(0, 20_000));
}

/** An out-of-office, vacation or other automatic reply (checked after the bounce wordings: Exim marks its bounces
 * Auto-Submitted: auto-replied too). */
export function isAutoReply(headers: Fields, subject: string): boolean {
  const submitted = (first(headers, "auto-submitted") ?? "").toLowerCase();
  const precedence = (first(headers, "precedence") ?? "").toLowerCase();
  return (
    submitted.startsWith("auto-replied") ||
    AUTO_HEADERS.some((h) => headers.has(h)) ||
    precedence === "auto_reply" ||
    AUTO_SUBJECT.test(subject)
  );
}
