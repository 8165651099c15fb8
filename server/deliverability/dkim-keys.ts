// DKIM keys of sending domains: generated here (RSA 2048, the size every receiver accepts and the DNS TXT record still
// carries in two strings), the private key sealed with the server secret before it is stored, and opened only to sign.
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { sql } from "@/server/db/pool";
import { openSecret, sealSecret } from "@/server/secret-box";
import type { DkimKey } from "@/server/email/transport";
import { fromDomainOf, signingDomainFor } from "@/lib/deliverability/sending-domains";

const generate = promisify(generateKeyPair);

/** A new key pair: the public key as published (base64 DER SubjectPublicKeyInfo), the PKCS#8 PEM private key sealed. */
export async function newDkimKey(): Promise<{ publicKey: string; sealedPrivateKey: string }> {
  // Asynchronous: generating an RSA key takes tens of milliseconds of CPU, off the event loop.
  const { publicKey, privateKey } = await generate("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { publicKey: publicKey.toString("base64"), sealedPrivateKey: sealSecret(privateKey) };
}

/**
 * "sw202611": a selector per month of creation, so a domain removed and added again (a new key) publishes at a new
 * name while the old record may still be cached, and a future key rotation has an obvious next name.
 */
export function dkimSelector(now = new Date()): string {
  return `sw${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
}

export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;

/**
 * The key that signs mail from `from` in this workspace: its domain's, or its nearest verified parent's
 * (signingDomainFor), only while that domain is verified. null: the mail goes unsigned by Sendwell.
 */
export async function dkimKeyFor(workspaceId: string, from: string): Promise<DkimKey | null> {
  const fromDomain = fromDomainOf(from);
  if (!fromDomain) return null;
  const labels = fromDomain.split(".");
  const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
  const rows = await sql<{ domain: string; dkimSelector: string; dkimPrivateKey: string }>(
    `SELECT domain, "dkimSelector", "dkimPrivateKey" FROM "SendingDomain"
      WHERE "workspaceId" = $1 AND status = 'verified' AND domain = ANY($2::text[])`,
    [workspaceId, candidates],
  );
  const signer = signingDomainFor(
    fromDomain,
    rows.map((r) => r.domain),
  );
  const row = rows.find((r) => r.domain === signer);
  if (!row) return null;
  return { domainName: row.domain, keySelector: row.dkimSelector, privateKey: openSecret(row.dkimPrivateKey) };
}
