// Writes the outcome of finished attempts in one transaction: a delivery record each, the task's next state, and
// the webhooks' counters (consecutiveFailures, lastSuccessAt, lastFailureAt) with the auto-disable rule. Batched, so
// a busy dispatcher writes a few statements per flush instead of a few per delivery.
import { sqlTransaction, type Query } from "@/server/db/pool";
import type { AttemptResult } from "./post-webhook";
import { retryDelayMs } from "./retry-delay";
import { webhookSettings } from "./settings";

export type AttemptRecord = {
  deliveryId: string;
  webhookId: string;
  workspaceId: string;
  /** null for test events, which belong to no task (only a successful one moves the counters). */
  taskId: string | null;
  eventId: string;
  eventType: string;
  /** Stored only for test events (others read their event's payload). */
  payload: Record<string, unknown> | null;
  trigger: "event" | "redelivery" | "test";
  attemptCount: number;
  attemptedAt: Date;
  requestHeaders: Record<string, string>;
  result: AttemptResult;
};

type TaskOutcome = {
  id: string;
  attemptCount: number;
  status: "delivered" | "failed" | "pending";
  nextAttemptAt: string | null;
};

/** The task's next state after an attempt: delivered, retried later, or failed for good (schedule spent). */
function outcome(record: AttemptRecord): { task: TaskOutcome | null; nextRetryAt: Date | null } {
  if (!record.taskId) return { task: null, nextRetryAt: null };
  const base = { id: record.taskId, attemptCount: record.attemptCount };
  if (record.result.ok) return { task: { ...base, status: "delivered", nextAttemptAt: null }, nextRetryAt: null };
  // A manual redelivery that fails leaves the automatic schedule as it was.
  if (record.trigger === "redelivery") return { task: null, nextRetryAt: null };
  const delay = retryDelayMs(record.attemptCount, record.result.retryAfterMs);
  if (delay === null) return { task: { ...base, status: "failed", nextAttemptAt: null }, nextRetryAt: null };
  const next = new Date(Date.now() + delay);
  return { task: { ...base, status: "pending", nextAttemptAt: next.toISOString() }, nextRetryAt: next };
}

type Counters = {
  webhookId: string;
  failures: number;
  sawSuccess: boolean;
  firstFailure: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
};

/** Per webhook, in attempt order: failures since the batch's last success, and whether a success reset the run. */
function countersOf(records: AttemptRecord[]): Counters[] {
  const byWebhook = new Map<string, Counters>();
  // A successful test proves the endpoint works and counts as a success; a failed test counts for nothing, so
  // testing a broken endpoint while fixing it never brings the auto-disable closer.
  const sorted = records
    .filter((r) => r.taskId || (r.trigger === "test" && r.result.ok))
    .sort((a, b) => +a.attemptedAt - +b.attemptedAt);
  for (const r of sorted) {
    const c = byWebhook.get(r.webhookId) ?? {
      webhookId: r.webhookId,
      failures: 0,
      sawSuccess: false,
      firstFailure: null,
      lastSuccessAt: null,
      lastFailureAt: null,
    };
    const at = r.attemptedAt.toISOString();
    if (r.result.ok) Object.assign(c, { failures: 0, sawSuccess: true, firstFailure: null, lastSuccessAt: at });
    else Object.assign(c, { failures: c.failures + 1, firstFailure: c.firstFailure ?? at, lastFailureAt: at });
    byWebhook.set(r.webhookId, c);
  }
  return [...byWebhook.values()].sort((a, b) => a.webhookId.localeCompare(b.webhookId));
}

export async function recordAttempts(records: AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  const outcomes = records.map(outcome);
  const deliveries = records.map((r, i) => ({
    id: r.deliveryId,
    workspaceId: r.workspaceId,
    webhookId: r.webhookId,
    taskId: r.taskId,
    eventId: r.eventId,
    eventType: r.eventType,
    payload: r.payload,
    trigger: r.trigger,
    status: r.result.ok ? "success" : "failed",
    requestHeaders: r.requestHeaders,
    responseStatus: r.result.responseStatus,
    responseHeaders: r.result.responseHeaders,
    responseBody: r.result.responseBody.replaceAll("\u0000", ""),
    responseTimeMs: r.result.responseTimeMs,
    error: r.result.error,
    attemptCount: r.attemptCount,
    attemptedAt: r.attemptedAt.toISOString(),
    deliveredAt: r.result.ok ? new Date(r.attemptedAt.getTime() + r.result.responseTimeMs).toISOString() : null,
    nextRetryAt: outcomes[i]?.nextRetryAt?.toISOString() ?? null,
  }));
  const tasks = outcomes.flatMap((o) => (o.task ? [o.task] : []));
  const counters = countersOf(records);

  await sqlTransaction(async (query) => {
    // Webhook rows first, in id order, so two dispatchers never wait on each other in opposite orders. NO KEY
    // UPDATE (what the counters' UPDATE takes anyway) and not FOR UPDATE: it does not conflict with the KEY SHARE
    // locks that new events' task inserts take on their webhooks, so a contact change never waits for a flush.
    if (counters.length) {
      await query(`SELECT 1 FROM "Webhook" WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [
        counters.map((c) => c.webhookId),
      ]);
    }
    await insertDeliveries(query, deliveries);
    if (tasks.length) await updateTasks(query, tasks);
    if (counters.length) await updateCounters(query, counters);
  });
}

async function insertDeliveries(query: Query, deliveries: object[]) {
  await query(
    `INSERT INTO "WebhookDelivery" (id, "workspaceId", "webhookId", "taskId", "eventId", "eventType", payload, trigger,
       status, "requestHeaders", "responseStatus", "responseHeaders", "responseBody", "responseTimeMs", error,
       "attemptCount", "attemptedAt", "deliveredAt", "nextRetryAt")
     SELECT id, "workspaceId", "webhookId", "taskId", "eventId", "eventType", payload, trigger,
            status::"WebhookDeliveryStatus", "requestHeaders", "responseStatus", "responseHeaders", "responseBody",
            "responseTimeMs", error, "attemptCount", "attemptedAt", "deliveredAt", "nextRetryAt"
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, "workspaceId" uuid, "webhookId" uuid, "taskId" uuid,
            "eventId" uuid, "eventType" text, payload jsonb, trigger text, status text, "requestHeaders" jsonb,
            "responseStatus" int, "responseHeaders" jsonb, "responseBody" text, "responseTimeMs" int, error text,
            "attemptCount" int, "attemptedAt" timestamptz, "deliveredAt" timestamptz, "nextRetryAt" timestamptz)
      -- A webhook deleted while its attempt was in flight took its tasks and records with it: its outcome is dropped
      -- rather than failing the whole batch on the foreign keys.
      WHERE EXISTS (SELECT 1 FROM "Webhook" w WHERE w.id = r."webhookId")
        AND (r."taskId" IS NULL OR EXISTS (SELECT 1 FROM "WebhookTask" t WHERE t.id = r."taskId"))`,
    [JSON.stringify(deliveries)],
  );
}

/**
 * A success always finishes its task. A failure reschedules it only if no later attempt has claimed it meanwhile
 * (same attemptCount), and never undoes a delivered task; a paused task (webhook disabled mid-attempt) stays paused.
 */
async function updateTasks(query: Query, tasks: TaskOutcome[]) {
  await query(
    `UPDATE "WebhookTask" t
        SET status = CASE WHEN r.status = 'delivered' OR t.status <> 'paused' THEN r.status::"WebhookTaskStatus"
                          ELSE t.status END,
            "nextAttemptAt" = COALESCE(r."nextAttemptAt", t."nextAttemptAt")
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, "attemptCount" int, status text, "nextAttemptAt" timestamptz)
      WHERE t.id = r.id AND t.status <> 'delivered'
        AND (r.status = 'delivered' OR t."attemptCount" = r."attemptCount")`,
    [JSON.stringify(tasks)],
  );
}

async function updateCounters(query: Query, counters: Counters[]) {
  await query(
    `UPDATE "Webhook" w
        SET "consecutiveFailures" = CASE WHEN r."sawSuccess" THEN r.failures ELSE w."consecutiveFailures" + r.failures END,
            "failingSince" = CASE WHEN r.failures = 0 THEN NULL
                                  WHEN r."sawSuccess" THEN r."firstFailure"
                                  ELSE COALESCE(w."failingSince", r."firstFailure") END,
            "lastSuccessAt" = GREATEST(w."lastSuccessAt", r."lastSuccessAt"),
            "lastFailureAt" = GREATEST(w."lastFailureAt", r."lastFailureAt")
       FROM jsonb_to_recordset($1::jsonb) AS r("webhookId" uuid, failures int, "sawSuccess" boolean,
            "firstFailure" timestamptz, "lastSuccessAt" timestamptz, "lastFailureAt" timestamptz)
      WHERE w.id = r."webhookId"`,
    [JSON.stringify(counters)],
  );
  // The auto-disable rule: failing without a single success for a long while and many attempts. The pause trigger
  // takes its pending tasks out of the queue; the dashboard shows disabledAt and the reason.
  const minFailures = webhookSettings.disableAfterFailures();
  const minMs = webhookSettings.disableAfterMs();
  await query(
    `UPDATE "Webhook"
        SET "isActive" = false, "disabledAt" = now(),
            "disabledReason" = format('Disabled automatically after %s consecutive failed deliveries since %s.',
                                      "consecutiveFailures", to_char("failingSince" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'))
      WHERE id = ANY($1::uuid[]) AND "isActive" AND "consecutiveFailures" >= $2
        AND "failingSince" <= now() - make_interval(secs => $3::double precision / 1000)`,
    [counters.map((c) => c.webhookId), minFailures, minMs],
  );
}
