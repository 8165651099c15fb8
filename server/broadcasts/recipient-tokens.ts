// Per-recipient tracking tokens: the recipient row's id and an HMAC over it, so opens, clicks and unsubscribes can
// be attributed without a lookup table, and nobody can forge one for another recipient. One token per recipient
// serves every public URL of its email (the URL's path says what the hit is).
import { appUrl } from "@/server/config";
import { signer } from "@/server/signing";

// 12 bytes (96 bits) of HMAC-SHA256: unforgeable by guessing, short enough to keep URLs tidy.
const signature = signer("tracking-token", 12);

export function recipientToken(recipientId: bigint): string {
  const id = recipientId.toString(36);
  return `${id}.${signature.sign(`recipient:${id}`)}`;
}

/** The recipient id a token signs, or null for anything malformed or forged. */
export function readRecipientToken(token: string): bigint | null {
  const match = /^([0-9a-z]{1,13})\.([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match) return null;
  const [, id, signed] = match as unknown as [string, string, string];
  if (!signature.verify(`recipient:${id}`, signed)) return null;
  let value = 0n;
  for (const ch of id) value = value * 36n + BigInt(parseInt(ch, 36));
  return value;
}

/** The public URLs of one recipient's email (`base`: the app's URL, read once per batch by the sender). */
export function trackingUrls(token: string, base = appUrl()) {
  return {
    open: `${base}/t/o/${token}`,
    click: (linkId: bigint) => `${base}/t/c/${linkId.toString()}/${token}`,
    /** The footer link: a page that asks before it unsubscribes (link scanners prefetch GETs). */
    unsubscribePage: `${base}/u/${token}`,
    /** List-Unsubscribe target: RFC 8058 one-click POST, no login or cookie. */
    oneClickUnsubscribe: `${base}/u/${token}/one-click`,
  };
}
