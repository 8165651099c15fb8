// The outcome of one batch, written in one transaction: the batch row (settled only if still pending, so a batch is
// recorded once whoever finishes it), its counts, the recipient rows and contact activity. Nothing here writes the
// broadcast row: concurrent batches of one broadcast never wait for each other (measured by bench:send: with a
// per-batch counter update on the broadcast, 5.7 of 6.3 busy database backends were waiting on that one row). The
// broadcast's counts are the batches' sums (server/sending/progress.ts), and after the commit the broadcast is
// completed if nothing is left (complete.ts: a conditional UPDATE, so it happens once however many try).
import { sql, sqlTransaction, type Query } from "@/server/db/pool";
import { completeIfDone } from "./complete";
import type { ClaimedBatch } from "./claim-batches";

export type SentRecipient = { id: bigint; providerMessageId: string | null; subject: string };
export type SkippedRecipient = { id: bigint; reason: string };

/** Settles the batch with its counts if it is still pending; false if another worker already did. */
async function settleBatch(
  query: Query,
  b: ClaimedBatch,
  s: { status: "sent" | "failed"; error: string | null; sent: number; failed: number },
) {
  const { rowCount } = await query(
    `UPDATE "BroadcastBatch" SET status = $3::"BroadcastBatchStatus", "sentAt" = now(), "lastError" = $4,
            sent = $5, failed = $6
      WHERE "broadcastId" = $1 AND "batchNo" = $2 AND status = 'pending'`,
    [b.broadcastId, b.batchNo, s.status, s.error, s.sent, s.failed],
  );
  return rowCount === 1;
}

export async function recordBatchSent(
  b: ClaimedBatch,
  sent: SentRecipient[],
  skipped: SkippedRecipient[],
  options: {
    deliveredOnAccept: boolean;
    /** Messages of an accepted batch that were refused for a while (SMTP 4xx): a batch of their own, due later. */
    retry?: { ids: bigint[]; delayMs: number; error: string };
  },
): Promise<boolean> {
  const settled = await sqlTransaction(async (query) => {
    const counts = { sent: sent.length, failed: skipped.length };
    if (!(await settleBatch(query, b, { status: "sent", error: null, ...counts }))) return false;
    if (sent.length) {
      // One statement: the recipients' rows and their contacts' `email.sent` timeline entries.
      await query(
        `WITH sent AS (
           UPDATE "BroadcastRecipient" r SET status = 'sent', "sentAt" = now(), "providerMessageId" = x.pid
             FROM unnest($1::bigint[], $2::text[], $3::text[]) AS x(id, pid, subject)
            WHERE r.id = x.id AND r.status = 'queued'
           RETURNING r."workspaceId", r."contactId", r."broadcastId", r."variantId", x.subject)
         INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "broadcastId", data)
         SELECT gen_random_uuid(), "workspaceId", "contactId", 'email.sent', "broadcastId",
                jsonb_build_object('subject', subject, 'variantId', "variantId")
           FROM sent WHERE "contactId" IS NOT NULL`,
        [sent.map((s) => s.id.toString()), sent.map((s) => s.providerMessageId), sent.map((s) => s.subject)],
      );
      if (options.deliveredOnAccept) {
        // The outbox (and an SMTP server that accepted the message) is as far as the message goes: delivered.
        await query(
          `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type)
           SELECT $1, $2, x.id, 'delivered' FROM unnest($3::bigint[]) AS x(id)`,
          [b.workspaceId, b.broadcastId, sent.map((s) => s.id.toString())],
        );
      }
    }
    if (skipped.length) await failRecipients(query, skipped);
    if (options.retry?.ids.length) await splitOff(query, b, options.retry);
    return true;
  });
  if (settled) await completeIfDone(b.broadcastId);
  return settled;
}

/** The batch will never go out (a permanent error, or its retries are spent): its queued recipients fail. */
export async function recordBatchFailed(b: ClaimedBatch, error: string): Promise<boolean> {
  const settled = await sqlTransaction(async (query) => {
    const { rowCount } = await query(
      `UPDATE "BroadcastRecipient" SET status = 'failed', error = $3
        WHERE "broadcastId" = $1 AND "batchNo" = $2 AND status = 'queued'`,
      [b.broadcastId, b.batchNo, error.slice(0, 1000)],
    );
    // Settled after the recipients: if another worker settled it meanwhile, this transaction rolls back whole.
    if (!(await settleBatch(query, b, { status: "failed", error, sent: 0, failed: rowCount ?? 0 }))) {
      throw new AlreadySettled();
    }
    return true;
  }).catch((e: unknown) => {
    if (e instanceof AlreadySettled) return false;
    throw e;
  });
  if (settled) await completeIfDone(b.broadcastId);
  return settled;
}

class AlreadySettled extends Error {}

/**
 * Moves recipients into a new batch of their own, due after `delayMs`. Its number is negative (below every other),
 * so it can never collide with the fan-out's numbering, which may still be running.
 */
async function splitOff(query: Query, b: ClaimedBatch, retry: { ids: bigint[]; delayMs: number; error: string }) {
  const { rows } = await query<{ no: number }>(
    `INSERT INTO "BroadcastBatch" ("broadcastId", "batchNo", "workspaceId", status, "dueAt", size, "lastError")
     SELECT $1, least(0, min("batchNo")) - 1, $2, 'pending', now() + $3::int * interval '1 millisecond', $4, $5
       FROM "BroadcastBatch" WHERE "broadcastId" = $1
     RETURNING "batchNo" AS no`,
    [b.broadcastId, b.workspaceId, Math.round(retry.delayMs), retry.ids.length, retry.error.slice(0, 1000)],
  );
  await query(`UPDATE "BroadcastRecipient" SET "batchNo" = $2 WHERE id = ANY($1::bigint[]) AND status = 'queued'`, [
    retry.ids.map(String),
    rows[0]!.no,
  ]);
}

async function failRecipients(query: Query, skipped: SkippedRecipient[]) {
  await query(
    `UPDATE "BroadcastRecipient" r SET status = 'failed', error = x.reason
       FROM unnest($1::bigint[], $2::text[]) AS x(id, reason)
      WHERE r.id = x.id AND r.status = 'queued'`,
    [skipped.map((s) => s.id.toString()), skipped.map((s) => s.reason)],
  );
}

/** A transient failure: the batch is due again after `delayMs` (the lease it holds is replaced by the backoff). */
export async function scheduleRetry(b: ClaimedBatch, delayMs: number, error: string): Promise<void> {
  await sql(
    `UPDATE "BroadcastBatch" SET "dueAt" = now() + $3::int * interval '1 millisecond', "lastError" = $4
      WHERE "broadcastId" = $1 AND "batchNo" = $2 AND status = 'pending'`,
    [b.broadcastId, b.batchNo, Math.round(delayMs), error.slice(0, 1000)],
  );
}
