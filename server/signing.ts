// Short HMAC signatures for the tokens public URLs carry (tracking links, form render tokens, double opt-in links):
// a key derived per purpose from the server secret, the first `bytes` of HMAC-SHA256 in base64url, and a
// constant-time check. One place, so every token is signed and checked the same way. `hex` is for tokens that must
// survive case folding (a VERP return path: mail servers may upper- or lower-case an address's local part).
import { createHmac, timingSafeEqual } from "node:crypto";
import { serverSecret } from "@/server/secrets";

export function signer(purpose: string, bytes: number, encoding: "base64url" | "hex" = "base64url") {
  let key: Buffer | null = null;
  const sign = (message: string) =>
    createHmac("sha256", (key ??= serverSecret(purpose)))
      .update(message)
      .digest()
      .subarray(0, bytes)
      .toString(encoding);
  const verify = (message: string, signature: string) => {
    const expected = Buffer.from(sign(message));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  return { sign, verify };
}
