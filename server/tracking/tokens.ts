// Per-recipient tracking tokens: the recipient row's id and an HMAC over it, so opens, clicks and unsubscribes can
// be attributed without a lookup table, and nobody can forge one for another recipient. One token per recipient
// serves every public URL of its email (the URL's path says what the hit is).
import { createHmac, timingSafeEqual } from "node:crypto";
import { appUrl } from "@/server/config";
import { serverSecret } from "@/server/secrets";

let key: Buffer | null = null;
const signingKey = () => (key ??= serverSecret("tracking-token"));

function mac(id: string): string {
  // 12 bytes (96 bits) of HMAC-SHA256: unforgeable by guessing, short enough to keep URLs tidy.
  return createHmac("sha256", signingKey()).update(`recipient:${id}`).digest().subarray(0, 12).toString("base64url");
}

export function recipientToken(recipientId: bigint): string {
  const id = recipientId.toString(36);
  return `${id}.${mac(id)}`;
}

/** The recipient id a token signs, or null for anything malformed or forged. */
export function readRecipientToken(token: string): bigint | null {
  const match = /^([0-9a-z]{1,13})\.([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(id));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
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
