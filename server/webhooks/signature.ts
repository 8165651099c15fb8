// x-service-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key = whole whsec_ secret, "<t>.<body>")>, one v1 per
// secret that currently signs (two for a day after a rotation).
import { createHmac, randomBytes } from "node:crypto";

export const SIGNATURE_HEADER = "x-service-signature";

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function signV1(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signV1(s, timestamp, body)}`)].join(",");
}
