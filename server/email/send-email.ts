// One message through the process's transport: test sends of a broadcast, later double opt-in confirmations. Same
// transport, same headers and the same error types as broadcast batches (a batch of one).
import { randomUUID } from "node:crypto";
import { dkimKeyFor } from "@/server/deliverability/dkim-keys";
import { transport } from "./transports";
import type { OutgoingEmail } from "./transport";

/**
 * Throws TransientSendError or PermanentSendError like `Transport.sendBatch`. Pass an `idempotencyKey` that is stable
 * across retries of the same send (e.g. the job's id) so a retried job does not send twice through Resend or the
 * outbox; without one every call is a new send.
 */
export async function sendSingleEmail(
  email: OutgoingEmail,
  { idempotencyKey = randomUUID() }: { idempotencyKey?: string } = {},
): Promise<{ providerMessageId: string | null }> {
  // A workspace's mail (tests, form confirmations, invitations) is signed like its broadcasts when its From domain is
  // a verified sending domain; account mail has no workspace and goes out as the server sends it.
  const dkim = email.dkim ?? (email.workspaceId ? await dkimKeyFor(email.workspaceId, email.from) : null);
  const { providerMessageIds } = await transport().sendBatch([{ ...email, dkim }], { idempotencyKey });
  return { providerMessageId: providerMessageIds[0] ?? null };
}
