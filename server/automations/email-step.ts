// Runs at one email step, sent through the broadcast sending path: a recipient row per run (runId in the unique key,
// so a step taken twice queues nothing twice) on the step's hidden broadcast, and ≤100-recipient batches due at the
// workspace's send rate (reserveSendSlots). The sender claims those batches like any broadcast's: it personalises,
// tracks, adds the unsubscribe headers, skips contacts who left meanwhile, and records the send. Batch numbers are the
// broadcast's next free ones, handed out under its row lock, so steps taken at once by several workers never collide.
import type { Query } from "@/server/db/pool";
import type { EmailStep } from "@/lib/schemas/automations";
import { reserveSendSlots } from "@/server/sending/send-rate";
import { BATCH_SIZE } from "@/server/sending/fan-out";
import type { LockedRun } from "./claim-runs";
import { Journal } from "./journal";
import { completedEvent } from "./take-step";
import type { Version } from "./versions";

/** Queues the step's email for every run in `runs` (same automation, version and step) and moves them on. */
export async function sendEmailStep(
  query: Query,
  runs: LockedRun[],
  v: Version,
  step: EmailStep,
  now: Date,
): Promise<Journal> {
  const j = new Journal();
  if (runs.length === 0) return j;
  const { workspaceId, automationId } = runs[0]!;
  const broadcastId = v.emailBroadcasts[step.id];
  if (!broadcastId) throw new Error(`Version ${v.version} has no broadcast for email step "${step.id}".`);
  const { rows: locked } = await query<{ next: number }>(
    `SELECT coalesce((SELECT max("batchNo") FROM "BroadcastBatch" WHERE "broadcastId" = b.id), 0) + 1 AS next
       FROM "Broadcast" b WHERE b.id = $1 AND b."automationId" = $2 AND b.status = 'sending'
        FOR UPDATE OF b`,
    [broadcastId, automationId],
  );
  if (!locked[0]) throw new Error(`The broadcast of email step "${step.id}" is missing or not sending.`);
  const firstBatch = locked[0].next;
  const { rows: queued } = await query<{ batchNo: number }>(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo", "runId")
     SELECT $1, $2, (e.v->>'contactId')::uuid, e.v->>'email', $3 + ((e.n - 1) / $4)::int, (e.v->>'runId')::bigint
       FROM jsonb_array_elements($5::jsonb) WITH ORDINALITY AS e(v, n)
      ORDER BY e.n
     ON CONFLICT ("broadcastId", "contactId", "runId") DO NOTHING
     RETURNING "batchNo"`,
    [
      broadcastId,
      workspaceId,
      firstBatch,
      BATCH_SIZE,
      JSON.stringify(runs.map((r) => ({ runId: r.id, contactId: r.contactId, email: r.email }))),
    ],
  );
  const sizes = new Map<number, number>();
  for (const { batchNo } of queued) sizes.set(batchNo, (sizes.get(batchNo) ?? 0) + 1);
  const batches = [...sizes].sort((a, b) => a[0] - b[0]);
  if (batches.length) {
    // The sender works on the real clock (a test clock moves automation time only), so batches are due from now.
    const due = await reserveSendSlots(
      query,
      workspaceId,
      new Date(),
      batches.map(([, size]) => size),
    );
    await query(
      `INSERT INTO "BroadcastBatch" ("broadcastId", "batchNo", "workspaceId", status, "dueAt", size)
       SELECT $1, x.no, $2, 'pending', x.due, x.size
         FROM jsonb_to_recordset($3::jsonb) AS x(no int, due timestamptz, size int)`,
      [broadcastId, workspaceId, JSON.stringify(batches.map(([no, size], i) => ({ no, size, due: due[i] })))],
    );
    await query(`UPDATE "Broadcast" SET "recipientCount" = "recipientCount" + $2, "updatedAt" = now() WHERE id = $1`, [
      broadcastId,
      queued.length,
    ]);
  }
  const next = step.next ? v.steps.get(step.next) : null;
  if (step.next && !next) throw new Error(`Step "${step.id}" leads to "${step.next}", not in version ${v.version}.`);
  for (const run of runs) {
    j.closes.push({ runId: run.id, outcome: "sent", at: now });
    const base = {
      id: run.id,
      version: v.version,
      waitingFor: null,
      stepEnteredAt: now,
      converted: false,
      convertedAt: null,
    };
    if (!next) {
      j.runs.push({ ...base, status: "completed", stepId: null, dueAt: null, finishedAt: now });
      j.events.push(completedEvent(run, step.id, run.converted));
      continue;
    }
    j.runs.push({ ...base, status: "active", stepId: next.id, dueAt: now, finishedAt: null });
    j.history.push({
      runId: run.id,
      workspaceId: run.workspaceId,
      automationId: run.automationId,
      stepId: next.id,
      stepType: next.type,
      enteredAt: now,
      leftAt: null,
      outcome: null,
    });
  }
  return j;
}
