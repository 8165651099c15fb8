// How hard a failure is, from its status code and wording: the one home of the bounce rules that decide whether an
// address is dead (hard: suppress at once) or only unwell (soft: counted; the workspace's limit suppresses).
// - 4.x.x (and SMTP 4yz) is soft: the server will take mail later.
// - 5.x.x (and SMTP 5yz) is hard, except where the fault is not the address: a full mailbox or quota (5.2.2, SMTP 552,
//   "over quota" wording), a message too large (5.2.3, 5.3.4), or our mail being blocked as spam or by a block list
//   (5.7.x naming it). Suppressing on those would drop a working address.
// - Without any code, only wording that says the address does not exist (or an explicit "permanent") is hard.

export type Severity = { bounceType: "hard" | "soft" };

// Not inside an IP address or a version number (10.4.1.5 holds no status code).
const ENHANCED = /(?<![\w.])([245])\.(\d{1,3})\.(\d{1,3})(?!\.?\d)/;
const SMTP = /(?:^|[^\d.])([245]\d\d)(?:[ :-]|$)/;
const FULL =
  /over ?quota|quota (?:exceeded|exceed)|exceeded (?:the )?(?:storage|quota)|mailbox (?:is )?full|full mailbox|insufficient (?:disk )?(?:space|storage)|storage (?:allocation|limit)/i;
const TOO_BIG = /message (?:is )?too (?:big|large)|exceeds (?:the )?(?:maximum )?(?:message )?size/i;
const BLOCKED =
  /\bspam\b|block ?list|black ?list|\bblocked\b|listed (?:at|on|by)\b|reputation|\bdnsbl\b|\brbl\b|spamhaus/i;
const DEAD =
  /user unknown|unknown user|no such (?:user|mailbox|recipient|address)|does ?n[o']t exist|not exist|(?:address|mailbox|recipient|account)[^.\n]{0,30}(?:not found|couldn't be found|could not be found|unavailable|invalid|disabled|rejected)|invalid (?:recipient|address|mailbox)|doesn't have an? [a-z0-9.]+ account|recipnotfound|permanent(?:ly)?/i;

/** The enhanced status code (RFC 3463) in `text`, e.g. "5.1.1". */
export const enhancedCode = (text: string | null | undefined) => (text ? (ENHANCED.exec(text)?.[0] ?? null) : null);

/** The first SMTP reply code in `text`, e.g. "550". */
export const smtpCode = (text: string | null | undefined) => (text ? (SMTP.exec(text)?.[1] ?? null) : null);

export function severity(status: string | null, diagnostic: string | null): Severity {
  const text = `${status ?? ""} ${diagnostic ?? ""}`;
  const code = enhancedCode(status) ?? enhancedCode(diagnostic);
  const reply = smtpCode(diagnostic);
  const cls = code?.[0] ?? reply?.[0] ?? null;
  if (cls === "4") return { bounceType: "soft" };
  if (cls === "5") {
    if (code === "5.2.2" || code === "5.2.3" || code === "5.3.4") return { bounceType: "soft" };
    // SMTP 552 is "exceeded storage allocation" unless an enhanced code says otherwise.
    if (reply === "552" && (!code || code === "5.0.0" || code.startsWith("5.2."))) return { bounceType: "soft" };
    if (FULL.test(text) || TOO_BIG.test(text)) return { bounceType: "soft" };
    if ((!code || code.startsWith("5.7.")) && BLOCKED.test(text)) return { bounceType: "soft" };
    return { bounceType: "hard" };
  }
  if (FULL.test(text)) return { bounceType: "soft" };
  return { bounceType: DEAD.test(text) ? "hard" : "soft" };
}

/** "5.1.1" + "smtp; 550 5.1.1 user unknown" → "550 5.1.1 user unknown": one line for DeliveryEvent.detail. */
export function detailOf(status: string | null, diagnostic: string | null): string | null {
  const reply = diagnostic
    ?.replace(/\s+/g, " ")
    .replace(/^\s*(?:smtp|x-[a-z0-9-]+)\s*;\s*/i, "")
    .trim();
  const parts = [status?.trim(), reply].filter(Boolean) as string[];
  if (parts.length === 2 && parts[1]!.includes(parts[0]!)) parts.shift();
  const text = parts.join(" ");
  return text ? text.slice(0, 1_000) : null;
}
