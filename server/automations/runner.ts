// The automation engine of a worker process: claims due runs (SKIP LOCKED and a lease, like the sender's batches) and
// takes their steps. Runs at the same email step are sent together (one transaction per claim's worth, a few
// batches); every other run takes its steps in its own savepoint of a shared transaction, so one failing run is
// retried later (backoff, then it exits with reason "failed") while the others commit. Nothing is held in memory
// between polls: a worker that dies leaves its claimed runs to the next claim once the lease ends.
import { sqlTransaction, type Query } from "@/server/db/pool";
import { startPollLoop } from "@/server/poll-loop";
import type { EmailStep } from "@/lib/schemas/automations";
import type { FieldDefLite } from "@/server/services/segments/segment-condition";
import { automationNow } from "./clock";
import { automationSettings } from "./settings";
import { claimRuns, lockRuns, type ClaimedRun, type LockedRun } from "./claim-runs";
import { exitRuns } from "./run-moves";
import { loadVersion, type Version } from "./versions";
import { advanceRun, type StepContext } from "./take-step";
import { sendEmailStep } from "./email-step";
import { flushJournal, Journal } from "./journal";

type Log = (message: string, fields?: Record<string, unknown>) => void;

/** Runs per transaction that take non-email steps (each in its own savepoint). */
const STEP_CHUNK = 100;

export type AutomationRunner = { stop: () => Promise<void>; wake: () => void };

export function startAutomationRunner({
  log,
  workspaceIds = automationSettings.workspaceIds(),
}: {
  log: Log;
  workspaceIds?: string[] | null;
}): AutomationRunner {
  const loop = startPollLoop({
    idleMs: automationSettings.pollMs(),
    onError: (error) => log("automation step failed", { error: String(error) }),
    step: async () => (await runDueAutomations({ workspaceIds, log })) >= automationSettings.claimSize(),
  });
  return { stop: loop.stop, wake: loop.wake };
}

/** One claim and its steps. Returns how many runs were claimed. */
export async function runDueAutomations({
  workspaceIds = null,
  log = () => {},
}: { workspaceIds?: string[] | null; log?: Log } = {}): Promise<number> {
  const now = await automationNow();
  const { lease, runs } = await claimRuns({
    now,
    leaseMs: automationSettings.leaseMs(),
    limit: automationSettings.claimSize(),
    workspaceIds,
  });
  if (runs.length === 0) return 0;
  // Email steps of one version together (sent in a few batches); everything else in chunks.
  const versions = new Map<string, Version>();
  await sqlTransaction(async (q) => {
    for (const r of runs) {
      const key = `${r.automationId}:${r.publishedVersion}`;
      if (!versions.has(key)) versions.set(key, await loadVersion(q, r.automationId, r.publishedVersion));
    }
  });
  const groups = new Map<string, string[]>();
  const others: string[] = [];
  for (const r of runs) {
    const v = versions.get(`${r.automationId}:${r.publishedVersion}`)!;
    if (v.steps.get(r.stepId)?.type === "email") {
      const key = `${r.automationId}:${r.publishedVersion}:${r.stepId}`;
      const ids = groups.get(key) ?? [];
      ids.push(r.id);
      groups.set(key, ids);
    } else others.push(r.id);
  }
  const chunks = [...groups.values()];
  for (let i = 0; i < others.length; i += STEP_CHUNK) chunks.push(others.slice(i, i + STEP_CHUNK));
  for (const ids of chunks) {
    try {
      await sqlTransaction((q) => takeSteps(q, ids, lease, now, log));
    } catch (error) {
      // The transaction failed as a whole (e.g. the database went away): the lease brings these runs back.
      log("automation runs not moved; they are retried when their lease ends", {
        runs: ids.length,
        error: String(error),
      });
    }
  }
  return runs.length;
}

export type { ClaimedRun };

async function takeSteps(query: Query, ids: string[], lease: Date, now: Date, log: Log): Promise<void> {
  const locked = await lockRuns(query, ids, lease);
  const journal = new Journal();
  const exits = new Map<string, LockedRun[]>();
  const exit = (reason: string, run: LockedRun) => {
    const list = exits.get(reason) ?? [];
    list.push(run);
    exits.set(reason, list);
  };
  const emailGroups = new Map<string, { v: Version; step: EmailStep; runs: LockedRun[] }>();
  const stepping: { run: LockedRun; v: Version }[] = [];
  const paused: string[] = [];
  for (const run of locked) {
    if (run.automationStatus !== "active") {
      paused.push(run.id); // paused since the claim: it waits at its step, due again on resume
      continue;
    }
    if (run.contactStatus !== "subscribed") {
      exit(run.contactStatus, run);
      continue;
    }
    // Always the newest published version's step of the same id; a step no longer there ends the run.
    const v = await loadVersion(query, run.automationId, run.publishedVersion);
    const step = v.steps.get(run.stepId);
    if (!step) exit("step_removed", run);
    else if (step.type === "email") {
      const key = `${run.automationId}:${v.version}:${step.id}`;
      const g = emailGroups.get(key) ?? { v, step, runs: [] };
      g.runs.push(run);
      emailGroups.set(key, g);
    } else stepping.push({ run, v });
  }
  if (paused.length) {
    await query(`UPDATE "AutomationRun" SET "dueAt" = $2 WHERE id = ANY($1::bigint[])`, [paused, now]);
  }
  for (const [reason, runs] of exits) {
    await exitRuns(query, { workspaceId: runs[0]!.workspaceId, runIds: runs.map((r) => r.id) }, reason, now);
  }
  for (const g of emailGroups.values()) {
    const sent = await inSavepoint(query, () => sendEmailStep(query, g.runs, g.v, g.step, now));
    if (sent.ok) journal.add(sent.value);
    else {
      // Find the run(s) at fault: each on its own.
      for (const run of g.runs) {
        const one = await inSavepoint(query, () => sendEmailStep(query, [run], g.v, g.step, now));
        if (one.ok) journal.add(one.value);
        else await recordFailure(query, run, one.error, now, log);
      }
    }
  }
  const ctx = stepContext(query);
  for (const { run, v } of stepping) {
    const moved = await inSavepoint(query, () => advanceRun(query, ctx, run, v, now));
    if (moved.ok) journal.add(moved.value);
    else await recordFailure(query, run, moved.error, now, log);
  }
  await flushJournal(query, journal);
}

async function inSavepoint<T>(
  query: Query,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  await query("SAVEPOINT automation_step");
  try {
    const value = await work();
    await query("RELEASE SAVEPOINT automation_step");
    return { ok: true, value };
  } catch (error) {
    await query("ROLLBACK TO SAVEPOINT automation_step");
    return { ok: false, error };
  }
}

/** A step that threw: tried again after a backoff (30 s doubling, at most 1 hour), and after maxAttempts it exits. */
async function recordFailure(query: Query, run: LockedRun, error: unknown, now: Date, log: Log) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  if (run.attempts >= automationSettings.maxAttempts()) {
    await exitRuns(query, { workspaceId: run.workspaceId, runIds: [run.id] }, "failed", now);
    await query(`UPDATE "AutomationRun" SET "lastError" = $2 WHERE id = $1`, [run.id, message]);
    log("automation run failed", { runId: run.id, automationId: run.automationId, error: message });
    return;
  }
  const backoff = Math.min(3_600_000, automationSettings.retryBaseMs() * 2 ** Math.max(0, run.attempts - 1));
  await query(`UPDATE "AutomationRun" SET "dueAt" = $2, "lastError" = $3 WHERE id = $1`, [
    run.id,
    new Date(now.getTime() + backoff),
    message,
  ]);
}

/** Per transaction: each workspace's custom fields, loaded once (conditions and goals compile against them). */
function stepContext(query: Query): StepContext {
  const defs = new Map<string, Promise<FieldDefLite[]>>();
  return {
    fieldDefs: (workspaceId) => {
      let d = defs.get(workspaceId);
      if (!d) {
        d = query<{ key: string; type: FieldDefLite["type"]; options: unknown }>(
          `SELECT key, type::text, options FROM "CustomField" WHERE "workspaceId" = $1`,
          [workspaceId],
        ).then((r) =>
          r.rows.map((x) => ({
            key: x.key,
            type: x.type,
            options: Array.isArray(x.options) ? x.options.filter((o): o is string => typeof o === "string") : [],
          })),
        );
        defs.set(workspaceId, d);
      }
      return d;
    },
  };
}
