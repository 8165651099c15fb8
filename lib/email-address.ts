// How an address is shown: in a From header, and on a public page reachable by whoever holds a link. A neutral
// home: broadcasts, test sends, confirmations, invitations and account mail format senders here; the unsubscribe
// and confirmation pages mask addresses here.

/** `"Name" <address>`, with the name's quotes and backslashes escaped (RFC 5322 quoted-string). */
export function formatFrom(name: string | null, address: string): string {
  if (!name) return address;
  return `"${name.replace(/[\\"]/g, "\\$&").replace(/[\r\n]+/g, " ")}" <${address}>`;
}

/** "ann@example.com" → "a**@example.com": enough to recognise one's own address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}${"*".repeat(Math.min(Math.max(at - 1, 2), 8))}${email.slice(at)}`;
}
