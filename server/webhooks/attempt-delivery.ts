// One delivery attempt, signed and sent, as the record to write: the one place that turns an event and a webhook into
// a request and its outcome, for the dispatcher (which writes records in batches) and for deliverNow (one at once).
import type { Resolver } from "./address-guard";
import { postWebhook } from "./post-webhook";
import type { AttemptRecord } from "./record-attempts";
import { prepareRequest, signingSecrets, type Envelope, type SecretColumns } from "./webhook-request";

/** What an attempt needs of its webhook. */
export type DeliveryTarget = SecretColumns & { webhookId: string; workspaceId: string; url: string };

export type AttemptInput = {
  target: DeliveryTarget;
  envelope: Envelope;
  taskId: string | null;
  trigger: AttemptRecord["trigger"];
  attemptCount: number;
  /** Kept on the record only for deliveries without an Event row (tests). */
  storePayload: boolean;
  resolver?: Resolver;
};

/** Never fails because of the receiver (postWebhook turns every outcome into a result); throws only before sending. */
export async function attemptDelivery(input: AttemptInput): Promise<AttemptRecord> {
  const { target, envelope } = input;
  const attemptedAt = new Date();
  const request = prepareRequest(envelope, {
    secrets: signingSecrets(target, attemptedAt),
    attempt: input.attemptCount,
    now: attemptedAt,
  });
  const result = await postWebhook({
    url: target.url,
    headers: request.headers,
    body: request.body,
    resolver: input.resolver,
  });
  return {
    deliveryId: request.deliveryId,
    webhookId: target.webhookId,
    workspaceId: target.workspaceId,
    taskId: input.taskId,
    eventId: envelope.id,
    eventType: envelope.type,
    payload: input.storePayload ? envelope : null,
    trigger: input.trigger,
    attemptCount: input.attemptCount,
    attemptedAt,
    requestHeaders: request.headers,
    result,
  };
}
