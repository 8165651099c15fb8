// VERP return paths: each message's envelope sender (MAIL FROM, later the bounce's recipient) names its recipient
// row, `bounce-<id>-<sig>@<bounce domain>`, so a bounce finds its message even when its text names nobody we know.
// The id is the row id in lower-case base36 and the signature an HMAC over it in hex: both survive a mail server
// that folds the local part's case, and the local part stays within RFC 5321's 64 characters (7 + 13 + 1 + 20).
// Anyone can mail the bounce mailbox, so a return path is believed only when its signature checks out.
import { signer } from "@/server/signing";

const PREFIX = "bounce";
// 10 bytes (80 bits) of HMAC-SHA256: each guess costs the forger a message to our mailbox.
const signature = signer("verp-return-path", 10, "hex");
const LOCAL = new RegExp(`^${PREFIX}-([0-9a-z]{1,13})-([0-9a-f]{20})$`);
/** Candidates in free text (headers, a report's fields, a bounce's prose), checked one by one by readReturnPath. */
const IN_TEXT = new RegExp(`${PREFIX}-[0-9a-z]{1,13}-[0-9a-f]{20}@[a-z0-9.-]{1,253}`, "gi");
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Whether `domain` can be a bounce domain (a plain host name, lower-cased by the caller or not). */
export function isBounceDomain(domain: string): boolean {
  return DOMAIN.test(domain.toLowerCase());
}

export function returnPathFor(recipientId: bigint, bounceDomain: string): string {
  const domain = bounceDomain.trim().toLowerCase();
  if (!isBounceDomain(domain)) throw new Error(`Not a bounce domain: "${bounceDomain}".`);
  if (recipientId < 0n) throw new Error("A recipient id is never negative.");
  const id = recipientId.toString(36);
  return `${PREFIX}-${id}-${signature.sign(`verp:${id}`)}@${domain}`;
}

/**
 * The recipient row a return path names, or null for anything else: another address, a malformed one, an altered id
 * or a forged signature. Takes a bare address, `<address>` or `Name <address>`, in any letter case.
 */
export function readReturnPath(address: string): bigint | null {
  if (address.length > 1_000) return null;
  const bare = (/<([^<>]*)>\s*$/.exec(address)?.[1] ?? address).trim().toLowerCase();
  const at = bare.lastIndexOf("@");
  if (at < 1 || !isBounceDomain(bare.slice(at + 1))) return null;
  const match = LOCAL.exec(bare.slice(0, at));
  if (!match) return null;
  const [, id, signed] = match as unknown as [string, string, string];
  if (!signature.verify(`verp:${id}`, signed)) return null;
  let value = 0n;
  for (const ch of id) value = value * 36n + BigInt(parseInt(ch, 36));
  return value;
}

/** The first genuine return path found in `texts` (header values, report fields), or null. */
export function findReturnPath(texts: Iterable<string | null | undefined>): bigint | null {
  for (const text of texts) {
    if (!text) continue;
    for (const candidate of text.slice(0, 100_000).matchAll(IN_TEXT)) {
      const id = readReturnPath(candidate[0]);
      if (id !== null) return id;
    }
  }
  return null;
}
