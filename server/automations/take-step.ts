// One run through the steps that do not send email, in its transaction: the step it is at is taken with the newest
// version's definition, then the steps after it as long as they are immediate (actions, conditions, splits, goals,
// delays and waits already over), until it must wait (a delay, a wait for an event), reaches an email step (left due
// now, for the next claim to send with others at that step in a few batches), or finishes. Every effect of every step
// is in this transaction, and the moves are written by flushJournal at its end.
import type { Query } from "@/server/db/pool";
import type { Step, WaitEvent } from "@/lib/schemas/automations";
import type { FieldDefLite } from "@/server/services/segments/segment-condition";
import type { LockedRun } from "./claim-runs";
import { runMatches } from "./conditions";
import { runAction } from "./actions";
import { contactZone, delayEnd, durationMs } from "./delays";
import { splitBranch } from "./split";
import { Journal } from "./journal";
import { WOKEN } from "./run-moves";
import type { Version } from "./versions";

type Outcome = { next: string | null; outcome: string; converted?: boolean } | { waitUntil: Date; waitingFor?: string };

export type StepContext = { fieldDefs: (workspaceId: string) => Promise<FieldDefLite[]> };

/** The key a wait_for step waits under (wakeRuns matches it). */
export function waitKey(e: WaitEvent): string {
  if (e.type === "clicked") return "clicked";
  if (e.type === "tag_added") return `tag_added:${e.tagId}`;
  return e.formId ? `form_submitted:${e.formId}` : "form_submitted";
}

async function waitHappened(query: Query, run: LockedRun, e: WaitEvent, enteredAt: Date, woken: boolean) {
  if (e.type === "clicked") {
    // The run's own emails (of that step when named): the recipient row's clickedAt, whoever woke the run.
    const { rows } = await query(
      `SELECT 1 FROM "BroadcastRecipient" r JOIN "Broadcast" b ON b.id = r."broadcastId"
        WHERE r."runId" = $1 AND b."automationId" = $2 AND r."clickedAt" IS NOT NULL
          AND ($3::text IS NULL OR b."automationStepId" = $3) LIMIT 1`,
      [run.id, run.automationId, e.stepId ?? null],
    );
    return rows.length > 0;
  }
  if (woken) return true; // the intake saw the event while the run waited (wakeRuns)
  const { rows } = await query(
    e.type === "tag_added"
      ? `SELECT 1 FROM "ContactActivity" WHERE "contactId" = $1 AND type = 'tag.added' AND data->>'tagId' = $2
            AND "createdAt" >= $3 LIMIT 1`
      : `SELECT 1 FROM "ContactActivity" WHERE "contactId" = $1 AND type = 'form.submitted'
            AND ($2::uuid IS NULL OR "formId" = $2::uuid) AND "createdAt" >= $3 LIMIT 1`,
    [run.contactId, e.type === "tag_added" ? e.tagId : (e.formId ?? null), enteredAt],
  );
  return rows.length > 0;
}

async function takeStep(
  query: Query,
  ctx: StepContext,
  run: LockedRun,
  step: Step,
  enteredAt: Date,
  waitingFor: string | null,
  now: Date,
): Promise<Outcome> {
  switch (step.type) {
    case "delay": {
      const end = delayEnd(step.delay, enteredAt, contactZone(run.timezone, run.workspaceZone), run.fields ?? {});
      return end.getTime() > now.getTime() ? { waitUntil: end } : { next: step.next, outcome: "waited" };
    }
    case "wait_for": {
      const woken = waitingFor?.endsWith(WOKEN) ?? false;
      if (await waitHappened(query, run, step.event, enteredAt, woken)) return { next: step.yes, outcome: "yes" };
      const timeout = new Date(enteredAt.getTime() + durationMs(step.timeout));
      if (timeout.getTime() <= now.getTime()) return { next: step.timedOut, outcome: "timed_out" };
      return { waitUntil: timeout, waitingFor: waitKey(step.event) };
    }
    case "condition": {
      const yes = await runMatches(query, run, step.rules, await ctx.fieldDefs(run.workspaceId));
      return { next: yes ? step.yes : step.no, outcome: yes ? "yes" : "no" };
    }
    case "action":
      return { next: step.next, outcome: await runAction(query, run, step.id, step.action, now) };
    case "split": {
      const i = splitBranch(
        run.id,
        step.id,
        step.branches.map((b) => b.percent),
      );
      return { next: step.branches[i]!.next, outcome: `branch:${i}` };
    }
    case "goal": {
      const met = await runMatches(query, run, step.rules, await ctx.fieldDefs(run.workspaceId));
      return { next: step.next, outcome: met ? "converted" : "passed", converted: met };
    }
    case "exit":
      return { next: null, outcome: "exit" };
    case "email":
      throw new Error("email steps are sent by sendEmailStep");
  }
}

/** Bound on steps per transaction: a tree has no loops, so this only guards against a corrupt definition. */
const MAX_HOPS = 250;

export async function advanceRun(
  query: Query,
  ctx: StepContext,
  run: LockedRun,
  v: Version,
  now: Date,
): Promise<Journal> {
  const j = new Journal();
  let stepId = run.stepId;
  let enteredAt = run.stepEnteredAt;
  let waitingFor = run.waitingFor;
  let converted = false;
  const state = (s: Partial<Parameters<Journal["runs"]["push"]>[0]>) =>
    j.runs.push({
      id: run.id,
      status: "active",
      stepId,
      dueAt: now,
      waitingFor: null,
      stepEnteredAt: enteredAt,
      version: v.version,
      converted,
      convertedAt: converted ? now : null,
      finishedAt: null,
      ...s,
    });
  for (let hop = 0; ; hop++) {
    const step = v.steps.get(stepId);
    if (!step) throw new Error(`Step "${stepId}" is not in version ${v.version}.`);
    if (hop > MAX_HOPS) throw new Error(`More than ${MAX_HOPS} steps in one go: is the definition a tree?`);
    if (step.type === "email") {
      state({}); // due now: the next claim sends it with the others at this step
      return j;
    }
    const r = await takeStep(query, ctx, run, step, enteredAt, waitingFor, now);
    if ("waitUntil" in r) {
      state({ dueAt: r.waitUntil, waitingFor: r.waitingFor ?? null });
      return j;
    }
    if (r.converted) converted = true;
    if (hop === 0) j.closes.push({ runId: run.id, outcome: r.outcome, at: now });
    else Object.assign(j.history[j.history.length - 1]!, { leftAt: now, outcome: r.outcome });
    if (r.next === null) {
      state({ status: "completed", stepId: null, dueAt: null, finishedAt: now });
      j.events.push(completedEvent(run, step.id, converted || run.converted));
      return j;
    }
    const next = v.steps.get(r.next);
    if (!next) throw new Error(`Step "${step.id}" leads to "${r.next}", which is not in version ${v.version}.`);
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
    stepId = next.id;
    enteredAt = now;
    waitingFor = null;
  }
}

export function completedEvent(run: LockedRun, stepId: string, converted: boolean) {
  return {
    workspaceId: run.workspaceId,
    type: "automation.completed",
    payload: {
      automationId: run.automationId,
      automationName: run.automationName,
      runId: run.id,
      contactId: run.contactId,
      email: run.email,
      stepId,
      converted,
    },
  };
}
