// One message through the process's transport: test sends of a broadcast, later double opt-in confirmations. Same
// transport, same headers and the same error types as broadcast batches (a batch of one).
import { randomUUID } from "node:crypto";
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
  const { providerMessageIds } = await transport().sendBatch([email], { idempotencyKey });
  return { providerMessageId: providerMessageIds[0] ?? null };
}
