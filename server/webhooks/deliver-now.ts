// One attempt made right away and recorded before returning (test events and redeliveries from the API and the
// dashboard, which answer with the delivery record).
import type { Resolver } from "./address-guard";
import { postWebhook } from "./post-webhook";
import { recordAttempts, type AttemptRecord } from "./record-attempts";
import { prepareRequest, signingSecrets, type Envelope, type SecretColumns } from "./webhook-request";

export type DeliverNowInput = {
  webhook: SecretColumns & { id: string; workspaceId: string; url: string };
  envelope: Envelope;
  taskId: string | null;
  trigger: AttemptRecord["trigger"];
  attemptCount: number;
  /** Kept on the record only for deliveries without an Event row (tests). */
  storePayload: boolean;
  resolver?: Resolver;
};

/** Returns the new delivery's id. */
export async function deliverNow(input: DeliverNowInput): Promise<string> {
  const { webhook, envelope } = input;
  const attemptedAt = new Date();
  const request = prepareRequest(envelope, {
    secrets: signingSecrets(webhook, attemptedAt),
    attempt: input.attemptCount,
    now: attemptedAt,
  });
  const result = await postWebhook({
    url: webhook.url,
    headers: request.headers,
    body: request.body,
    resolver: input.resolver,
  });
  await recordAttempts([
    {
      deliveryId: request.deliveryId,
      webhookId: webhook.id,
      workspaceId: webhook.workspaceId,
      taskId: input.taskId,
      eventId: envelope.id,
      eventType: envelope.type,
      payload: input.storePayload ? envelope : null,
      trigger: input.trigger,
      attemptCount: input.attemptCount,
      attemptedAt,
      requestHeaders: request.headers,
      result,
    },
  ]);
  return request.deliveryId;
}
