// The signed link of a double opt-in email: the FormConfirmation row's id and an HMAC over it, so the link cannot
// be guessed or forged for another address. Expiry and single use live on the row. The worker's confirmation loop
// writes it into the email (server/forms/confirmation-sender.ts); confirming reads it back (confirm-subscription.ts).
import { appUrl } from "@/server/config";
import { signer } from "@/server/signing";

const signature = signer("form-confirmation", 16);

export function confirmationToken(confirmationId: string): string {
  const compact = confirmationId.replaceAll("-", "");
  return `${compact}.${signature.sign(`confirm:${compact}`)}`;
}

/** The confirmation id a token signs, or null for anything malformed or forged. */
export function readConfirmationToken(token: string): string | null {
  const match = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, compact, signed] = match as unknown as [string, string, string];
  if (!signature.verify(`confirm:${compact}`, signed)) return null;
  return compact.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
}

export const confirmationUrl = (confirmationId: string, base = appUrl()) =>
  `${base}/confirm/${confirmationToken(confirmationId)}`;
