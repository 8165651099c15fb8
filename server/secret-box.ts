// Secrets at rest (webhook signing secrets, sending identities' credentials and provider webhook secrets, DKIM
// private keys): AES-256-GCM under a key derived from the server secret. Their users need the plaintext (to sign, to
// log in, to verify), so they are encrypted, never hashed; a database dump alone does not reveal them. The key's
// label still says "webhook-secret-box" (its first use): changing it would make every sealed secret unreadable.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { serverSecret } from "@/server/secrets";

const VERSION = "v1";

export function sealSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", serverSecret("webhook-secret-box"), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

export function openSecret(box: string): string {
  const [version, data] = box.split(":");
  if (version !== VERSION || !data) throw new Error("Unknown webhook secret format.");
  const raw = Buffer.from(data, "base64");
  const decipher = createDecipheriv("aes-256-gcm", serverSecret("webhook-secret-box"), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
