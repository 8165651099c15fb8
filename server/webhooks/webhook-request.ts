// What a delivery sends: the event envelope as the body, and the headers that let a receiver verify and de-duplicate.
import { randomUUID } from "node:crypto";
import { appUrl } from "@/server/config";
import { openSecret } from "@/server/secret-box";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";

export type Envelope = {
  id: string;
  type: string;
  createdAt: string;
  workspaceId: string;
  data: Record<string, unknown>;
};

export type SecretColumns = {
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
};

/** The secrets that sign now: the current one, and for a day after a rotation the previous one as well. */
export function signingSecrets(row: SecretColumns, now = new Date()): string[] {
  const secrets = [openSecret(row.secretCiphertext)];
  if (row.previousSecretCiphertext && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(openSecret(row.previousSecretCiphertext));
  }
  return secrets;
}

export type PreparedRequest = { deliveryId: string; body: string; headers: Record<string, string> };

export function prepareRequest(
  envelope: Envelope,
  { secrets, attempt, now = new Date() }: { secrets: string[]; attempt: number; now?: Date },
): PreparedRequest {
  const deliveryId = randomUUID();
  const body = JSON.stringify(envelope);
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    deliveryId,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": `Sendwell-Webhooks/1.0 (+${appUrl()})`,
      "x-service-event-id": envelope.id,
      "x-service-event-type": envelope.type,
      "x-service-delivery-id": deliveryId,
      "x-service-attempt": String(attempt),
      [SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, body),
    },
  };
}
