// Goals reached early: a contact inside an automation who now matches a goal step's rules, while the goal is still
// ahead of them on their path, jumps to it and counts as converted (the runner then takes the goal step and goes on
// from there). The intake calls this for the contacts whose activity it just read, so only they are evaluated.
import type { Query } from "@/server/db/pool";
import { stepExits, type Step } from "@/lib/schemas/automations";
import { matchingContacts, rulesSql, type RuleContext } from "./entry-filter";

export type GoalStepRef = { id: string; rules: unknown; depth: number };

/**
 * For each step id, the goals ahead of it on its path (nearest first). The definition is a tree (findFlowErrors),
 * so "ahead on the path" is "a descendant": a run on one branch never jumps to a goal on another.
 */
export function goalsAhead(steps: Step[], startStepId: string | null): Map<string, GoalStepRef[]> {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const ahead = new Map<string, GoalStepRef[]>();
  if (!startStepId || !byId.has(startStepId)) return ahead;
  // Walk the tree from the start, carrying the path (ancestors) to each step; a goal is ahead of each ancestor.
  const stack: { id: string; path: string[] }[] = [{ id: startStepId, path: [] }];
  const seen = new Set<string>();
  while (stack.length) {
    const { id, path } = stack.pop()!;
    const step = byId.get(id);
    if (!step || seen.has(id)) continue; // guards a stored definition that is not a tree after all
    seen.add(id);
    if (step.type === "goal") {
      path.forEach((ancestor, i) => {
        const list = ahead.get(ancestor) ?? [];
        list.push({ id, rules: step.rules, depth: path.length - i });
        ahead.set(ancestor, list);
      });
    }
    for (const exit of stepExits(step)) if (exit.next) stack.push({ id: exit.next, path: [...path, id] });
  }
  for (const list of ahead.values()) list.sort((a, b) => a.depth - b.depth);
  return ahead;
}

type ActiveRun = { id: string; contactId: string; stepId: string };

/**
 * Jumps the active runs of these contacts in this automation to the nearest goal ahead whose rules they match:
 * the run moves to the goal (due now, converted), its current history row closes with "goal:<id>" and the goal's
 * opens. The move is conditional on the run still being at the step read, so a run the runner moved meanwhile
 * stays where the runner put it. Answers the number of runs that jumped.
 */
export async function jumpToGoals(
  query: Query,
  context: RuleContext,
  automation: { id: string; workspaceId: string; steps: Step[]; startStepId: string | null },
  contactIds: string[],
  now: Date,
): Promise<number> {
  const ahead = goalsAhead(automation.steps, automation.startStepId);
  if (ahead.size === 0 || contactIds.length === 0) return 0;
  const { rows: runs } = await query<ActiveRun>(
    `SELECT id::text, "contactId"::text AS "contactId", "stepId" FROM "AutomationRun"
      WHERE "automationId" = $1::uuid AND status = 'active' AND "contactId" = ANY($2::uuid[]) AND "stepId" IS NOT NULL`,
    [automation.id, contactIds],
  );
  // Goal by goal (each one statement over its candidates); a run takes the nearest goal it matches.
  const candidates = new Map<string, { rules: unknown; runs: ActiveRun[]; depth: number }>();
  for (const run of runs) {
    for (const goal of ahead.get(run.stepId) ?? []) {
      const entry = candidates.get(goal.id) ?? { rules: goal.rules, runs: [], depth: goal.depth };
      entry.runs.push(run);
      candidates.set(goal.id, entry);
    }
  }
  const best = new Map<string, { goal: string; depth: number; from: string }>();
  for (const [goal, { rules, runs: list }] of candidates) {
    const matched = new Set(
      await matchingContacts(
        query,
        automation.workspaceId,
        list.map((r) => r.contactId),
        [rulesSql(context, automation.workspaceId, rules)],
      ),
    );
    for (const run of list) {
      if (!matched.has(run.contactId)) continue;
      const depth = ahead.get(run.stepId)!.find((g) => g.id === goal)!.depth;
      const current = best.get(run.id);
      if (!current || depth < current.depth) best.set(run.id, { goal, depth, from: run.stepId });
    }
  }
  if (best.size === 0) return 0;
  const ids = [...best.keys()];
  const { rows } = await query<{ n: number }>(JUMP, [
    ids,
    ids.map((id) => best.get(id)!.from),
    ids.map((id) => best.get(id)!.goal),
    now,
  ]);
  return rows[0]?.n ?? 0;
}

const JUMP = `
  WITH j AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]) AS j(id, "fromStep", goal)),
  moved AS (
    UPDATE "AutomationRun" r
       SET "stepId" = j.goal, "dueAt" = $4, "stepEnteredAt" = $4, "waitingFor" = NULL, attempts = 0,
           converted = true, "convertedAt" = coalesce(r."convertedAt", $4)
      FROM j
     WHERE r.id = j.id AND r."stepId" = j."fromStep" AND r.status = 'active'
    RETURNING r.id, r."workspaceId", r."automationId", j.goal),
  closed AS (
    UPDATE "AutomationRunStep" s SET "leftAt" = $4, outcome = 'goal:' || moved.goal
      FROM moved WHERE s."runId" = moved.id AND s."leftAt" IS NULL
    RETURNING 1),
  opened AS (
    INSERT INTO "AutomationRunStep" ("runId", "workspaceId", "automationId", "stepId", "stepType", "enteredAt")
    SELECT id, "workspaceId", "automationId", goal, 'goal', $4 FROM moved
    RETURNING 1)
  SELECT count(*)::int AS n FROM moved`;
