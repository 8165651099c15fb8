// One claimed batch, end to end: its queued recipients with their contacts' current merge values, each message
// personalised from the broadcast's compiled content (string work, no React), one transport call under the batch's
// idempotency key, and the outcome recorded. Contacts that unsubscribed, bounced, complained or were deleted after
// the fan-out are skipped (recorded as failed with the reason), never sent.
import { sql } from "@/server/db/pool";
import { personalize } from "@/emails/personalize";
import { recipientToken, trackingUrls } from "@/server/broadcasts/recipient-tokens";
import { appUrl } from "@/server/config";
import { PermanentSendError, TransientSendError, type OutgoingEmail, type Transport } from "@/server/email/transport";
import { sendingContent } from "./compiled-content";
import { sendingSettings } from "./settings";
import type { ClaimedBatch } from "./claim-batches";
import { recordBatchFailed, recordBatchSent, scheduleRetry, type SkippedRecipient } from "./record-batch";

/** Attempts before a batch that keeps failing transiently is given up: backoff 5 s doubling to 30 min, ~8 hours. */
export const MAX_ATTEMPTS = 20;
export function retryDelayMs(attempts: number, retryAfterMs?: number): number {
  const backoff = Math.min(30 * 60_000, sendingSettings.retryBaseMs() * 2 ** Math.max(0, attempts - 1));
  const jittered = backoff * (0.8 + Math.random() * 0.4);
  return Math.max(retryAfterMs ?? 0, jittered);
}

type RecipientRow = {
  id: string;
  email: string;
  variantId: string | null;
  contactStatus: string | null;
  firstName: string | null;
  lastName: string | null;
  fields: Record<string, unknown> | null;
};

export type BatchOutcome = "sent" | "retry" | "failed" | "lost";

export async function sendBatch(b: ClaimedBatch, transport: Transport): Promise<BatchOutcome> {
  let emails: OutgoingEmail[] = [];
  let sendable: { id: bigint; subject: string }[] = [];
  const skipped: SkippedRecipient[] = [];
  try {
    const content = await sendingContent(b.broadcastId);
    const rows = await sql<RecipientRow>(
      `SELECT r.id, r.email, r."variantId", c.status AS "contactStatus", c."firstName", c."lastName", c.fields
         FROM "BroadcastRecipient" r LEFT JOIN "Contact" c ON c.id = r."contactId"
        WHERE r."broadcastId" = $1 AND r."batchNo" = $2 AND r.status = 'queued'
        ORDER BY r.id`,
      [b.broadcastId, b.batchNo],
    );
    const base = appUrl();
    for (const r of rows) {
      const id = BigInt(r.id);
      if (r.contactStatus !== "subscribed") {
        skipped.push({
          id,
          reason: r.contactStatus ? `skipped: contact ${r.contactStatus}` : "skipped: contact deleted",
        });
        continue;
      }
      const variant = content.byVariant.get(r.variantId ?? "") ?? content.byVariant.values().next().value!;
      const urls = trackingUrls(recipientToken(id), base);
      const message = personalize(variant.compiled, {
        values: { email: r.email, firstName: r.firstName, lastName: r.lastName, fields: r.fields ?? {} },
        linkHref: (position) => urls.click(variant.linkIds[position]!),
        openPixelUrl: urls.open,
        unsubscribeUrl: urls.unsubscribePage,
      });
      sendable.push({ id, subject: message.subject });
      emails.push({
        workspaceId: b.workspaceId,
        kind: "broadcast",
        broadcastId: b.broadcastId,
        recipientId: id,
        from: content.from,
        to: r.email,
        replyTo: content.replyTo,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: {
          "List-Unsubscribe": `<${urls.oneClickUnsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        dkim: content.dkim,
      });
    }
  } catch (error) {
    // Our side failed before anything was sent (the database, a content bug): try again later like a transient error.
    return retryOrFail(b, error);
  }
  try {
    const accepted = emails.length
      ? await transport.sendBatch(emails, { idempotencyKey: `${b.broadcastId}:${b.batchNo}` })
      : { providerMessageIds: [] };
    emails = []; // the messages can be large: let them go before the recording round trip
    // Per-message refusals (SMTP answers each message on its own): permanent ones fail, transient ones are retried
    // as a batch of their own. Never the whole batch again: the others went out, and SMTP has no idempotency key.
    const refused = new Map((accepted.failures ?? []).map((f) => [f.index, f.error]));
    const later = sendable.filter((_, i) => refused.get(i) instanceof TransientSendError);
    const firstLater = refused.get(sendable.indexOf(later[0]!));
    const recorded = await recordBatchSent(
      b,
      sendable.flatMap((s, i) =>
        refused.has(i) ? [] : [{ ...s, providerMessageId: accepted.providerMessageIds[i] ?? null }],
      ),
      [
        ...skipped,
        ...sendable.flatMap((s, i) => {
          const e = refused.get(i);
          return e instanceof PermanentSendError ? [{ id: s.id, reason: e.message }] : [];
        }),
      ],
      {
        deliveredOnAccept: transport.name !== "resend",
        retry: later.length
          ? {
              ids: later.map((s) => s.id),
              delayMs: retryDelayMs(1, (firstLater as TransientSendError | undefined)?.retryAfterMs),
              error: firstLater?.message ?? "refused for now",
            }
          : undefined,
      },
    );
    sendable = [];
    return recorded ? "sent" : "lost";
  } catch (error) {
    if (error instanceof PermanentSendError) {
      return (await recordBatchFailed(b, error.message)) ? "failed" : "lost";
    }
    return retryOrFail(b, error);
  }
}

async function retryOrFail(b: ClaimedBatch, error: unknown): Promise<BatchOutcome> {
  const message = error instanceof Error ? error.message : String(error);
  if (b.attempts >= MAX_ATTEMPTS) {
    return (await recordBatchFailed(b, `gave up after ${b.attempts} attempts: ${message}`)) ? "failed" : "lost";
  }
  const retryAfter = error instanceof TransientSendError ? error.retryAfterMs : undefined;
  await scheduleRetry(b, retryDelayMs(b.attempts, retryAfter), message);
  return "retry";
}
