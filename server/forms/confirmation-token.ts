// The signed link of a double opt-in email: the FormConfirmation row's id and an HMAC over it, so the link cannot
// be guessed or forged for another address. Expiry and single use live on the row.
import { createHmac, timingSafeEqual } from "node:crypto";
import { appUrl } from "@/server/config";
import { serverSecret } from "@/server/secrets";

let key: Buffer | null = null;
const signingKey = () => (key ??= serverSecret("form-confirmation"));
const mac = (id: string) =>
  createHmac("sha256", signingKey()).update(`confirm:${id}`).digest().subarray(0, 16).toString("base64url");

export function confirmationToken(confirmationId: string): string {
  const compact = confirmationId.replaceAll("-", "");
  return `${compact}.${mac(compact)}`;
}

/** The confirmation id a token signs, or null for anything malformed or forged. */
export function readConfirmationToken(token: string): string | null {
  const match = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, compact, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(compact));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return compact.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
}

export const confirmationUrl = (confirmationId: string, base = appUrl()) =>
  `${base}/confirm/${confirmationToken(confirmationId)}`;
