// The builder's moves on an automation's step tree: insert a step at a slot, delete one (re-linking its path, or with
// its subtree), move a step up or down its path, add or remove a split's branch. Pure: each takes the flow and
// answers a new one (or the reason it may not), and none of them leaves a structural error (findFlowErrors) that was
// not there before, so what the builder draws is always a tree the API accepts.
import { findFlowErrors, MAX_SPLIT_BRANCHES, MAX_STEPS, type Step, type SplitStep } from "@/lib/schemas/automations";

export type Flow = { startStepId: string | null; steps: Step[] };
/** One way out of a step: "next", "yes", "no", "timedOut", or a split's branch "branch:<index>". */
export type ExitKey = "next" | "yes" | "no" | "timedOut" | `branch:${number}`;
/** Where a step can go: the automation's start, or one exit of a step. */
export type Slot = { from: null } | { from: string; exit: ExitKey };
export type Outcome = { ok: true; flow: Flow } | { ok: false; reason: string };

/** Steps with one way on; only these move up and down (a branching step would have to choose a branch). */
const LINEAR = new Set<Step["type"]>(["email", "delay", "action", "goal"]);
export const isLinear = (step: Step) => LINEAR.has(step.type);

export function exitKeys(step: Step): ExitKey[] {
  switch (step.type) {
    case "condition":
      return ["yes", "no"];
    case "wait_for":
      return ["yes", "timedOut"];
    case "split":
      return step.branches.map((_, i) => `branch:${i}` as const);
    case "exit":
      return [];
    default:
      return ["next"];
  }
}

export function getExit(step: Step, key: ExitKey): string | null {
  if (key.startsWith("branch:")) {
    return step.type === "split" ? (step.branches[Number(key.slice(7))]?.next ?? null) : null;
  }
  return ((step as Record<string, unknown>)[key] as string | null | undefined) ?? null;
}

function setExit(step: Step, key: ExitKey, next: string | null): Step {
  if (key.startsWith("branch:")) {
    if (step.type !== "split") return step;
    const at = Number(key.slice(7));
    return { ...step, branches: step.branches.map((b, i) => (i === at ? { ...b, next } : b)) };
  }
  return { ...step, [key]: next } as Step;
}

export const byId = (flow: Flow, id: string) => flow.steps.find((s) => s.id === id);

/** The slot that leads to a step: the start, or its parent's exit. */
export function slotOf(flow: Flow, id: string): Slot | null {
  if (flow.startStepId === id) return { from: null };
  for (const step of flow.steps) {
    for (const exit of exitKeys(step)) if (getExit(step, exit) === id) return { from: step.id, exit };
  }
  return null;
}

export function slotTarget(flow: Flow, slot: Slot): string | null {
  if (slot.from === null) return flow.startStepId;
  const step = byId(flow, slot.from);
  return step ? getExit(step, slot.exit) : null;
}

function pointSlot(flow: Flow, slot: Slot, to: string | null): Flow {
  if (slot.from === null) return { ...flow, startStepId: to };
  const from = slot.from;
  return { ...flow, steps: flow.steps.map((s) => (s.id === from ? setExit(s, slot.exit, to) : s)) };
}

function replaceStep(flow: Flow, step: Step): Flow {
  return { ...flow, steps: flow.steps.map((s) => (s.id === step.id ? step : s)) };
}

/** The step and every step below it. */
export function subtreeIds(flow: Flow, id: string): Set<string> {
  const out = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    const step = byId(flow, cur);
    if (!step || out.has(cur)) continue;
    out.add(cur);
    for (const exit of exitKeys(step)) {
      const next = getExit(step, exit);
      if (next) stack.push(next);
    }
  }
  return out;
}

/** The steps whose conditions or waits name this email step. */
export function referencesTo(flow: Flow, emailId: string): Step[] {
  return flow.steps.filter(
    (s) =>
      (s.type === "condition" && s.rules.conditions.some((c) => c.type === "step_email" && c.stepId === emailId)) ||
      (s.type === "wait_for" && s.event.type === "clicked" && s.event.stepId === emailId),
  );
}

const errorCount = (flow: Flow) => findFlowErrors(flow.startStepId, flow.steps).length;

/** A move is legal when it adds no structural error (a draft may already have some: they are not the move's). */
function checked(before: Flow, after: Flow, reason: string): Outcome {
  return errorCount(after) > errorCount(before) ? { ok: false, reason } : { ok: true, flow: after };
}

/**
 * Inserts a new step at a slot; what the slot led to continues after it (on a branching step's first branch). An
 * exit ends its path, so it goes only where the path is open.
 */
export function insertStep(flow: Flow, slot: Slot, step: Step): Outcome {
  if (flow.steps.length >= MAX_STEPS) return { ok: false, reason: `An automation has at most ${MAX_STEPS} steps.` };
  if (byId(flow, step.id)) return { ok: false, reason: `Step id "${step.id}" is used already.` };
  if (slot.from !== null && !byId(flow, slot.from)) return { ok: false, reason: "That place no longer exists." };
  const rest = slotTarget(flow, slot);
  const keys = exitKeys(step);
  if (rest !== null && keys.length === 0) {
    return { ok: false, reason: "An exit ends its path: add it where the path ends, or delete what follows first." };
  }
  let placed = step;
  keys.forEach((k, i) => (placed = setExit(placed, k, i === 0 ? rest : getExit(step, k))));
  const after = pointSlot({ ...flow, steps: [...flow.steps, placed] }, slot, placed.id);
  return checked(flow, after, "The step cannot go there.");
}

export type DeleteMode = { keep: ExitKey } | { subtree: true };

/** Why a step may not be deleted (an email that a remaining condition or wait names), or null. */
export function deleteRefusal(flow: Flow, ids: Set<string>): string | null {
  for (const id of ids) {
    const users = referencesTo(flow, id).filter((s) => !ids.has(s.id));
    if (users.length) {
      const user = users[0]!;
      return `"${user.name || user.id}" checks this email: change or delete that step first.`;
    }
  }
  return null;
}

/**
 * Deletes a step. A step with one way on is cut out and its path re-linked. A branching step keeps one branch
 * (`keep`: that branch takes its place, the others are deleted) or goes with everything below it (`subtree`).
 */
export function deleteStep(flow: Flow, id: string, mode?: DeleteMode): Outcome {
  const step = byId(flow, id);
  const slot = step && slotOf(flow, id);
  if (!step) return { ok: false, reason: "That step no longer exists." };
  const keys = exitKeys(step);
  let removed: Set<string>;
  let follow: string | null;
  if (mode && "subtree" in mode) {
    removed = subtreeIds(flow, id);
    follow = null;
  } else {
    const keep = mode?.keep ?? keys[0];
    if (keys.length > 1 && !mode) return { ok: false, reason: "Choose the branch to keep, or delete them all." };
    follow = keep ? getExit(step, keep) : null;
    removed = new Set([id]);
    for (const k of keys) {
      const target = getExit(step, k);
      if (k !== keep && target) for (const x of subtreeIds(flow, target)) removed.add(x);
    }
  }
  const refusal = deleteRefusal(flow, removed);
  if (refusal) return { ok: false, reason: refusal };
  let after: Flow = { ...flow, steps: flow.steps.filter((s) => !removed.has(s.id)) };
  // An orphan (a draft's step not on the tree) has no slot: removing it is all there is.
  if (slot) after = pointSlot(after, slot, follow);
  return checked(flow, after, "Deleting it would break the automation.");
}

/** Where a step could move: up (before the step above it) and down (after the one below). */
export function moveOptions(flow: Flow, id: string): { up: boolean; down: boolean } {
  return { up: moveStep(flow, id, "up").ok, down: moveStep(flow, id, "down").ok };
}

/**
 * Moves a step with one way on one place along its path. Up: it goes before the step above (above a branching
 * step, out of its branch). Down: after the step below (into a branching step's first branch).
 */
export function moveStep(flow: Flow, id: string, direction: "up" | "down"): Outcome {
  const step = byId(flow, id);
  if (!step) return { ok: false, reason: "That step no longer exists." };
  if (!isLinear(step)) return { ok: false, reason: "Only steps with one way on move; branching steps stay." };
  const slot = slotOf(flow, id);
  if (!slot) return { ok: false, reason: "That step is not on the automation's path." };
  const next = getExit(step, "next");
  // Cut it out: the step above now leads straight to the one below.
  const cut = pointSlot(replaceStep(flow, setExit(step, "next", null)), slot, next);
  let after: Flow;
  if (direction === "up") {
    if (slot.from === null) return { ok: false, reason: "It is the first step already." };
    const above = slotOf(cut, slot.from);
    if (!above) return { ok: false, reason: "It cannot move up." };
    after = pointSlot(replaceStep(cut, setExit(step, "next", slot.from)), above, id);
  } else {
    if (!next) return { ok: false, reason: "It is the last step of its path." };
    const below = byId(cut, next)!;
    const into = exitKeys(below)[0];
    if (!into) return { ok: false, reason: "An exit ends the path: nothing can follow it." };
    after = replaceStep(cut, setExit(step, "next", getExit(below, into)));
    after = pointSlot(after, { from: next, exit: into }, id);
  }
  return checked(flow, after, "Moving it there would break a condition that checks an email.");
}

/** Even shares that add up to 100 (the first branches take the remainder). */
export function evenShares(n: number): number[] {
  const base = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => base + (i < 100 - base * n ? 1 : 0));
}

export function addBranch(flow: Flow, splitId: string): Outcome {
  const step = byId(flow, splitId);
  if (step?.type !== "split") return { ok: false, reason: "That step is not a split." };
  if (step.branches.length >= MAX_SPLIT_BRANCHES) {
    return { ok: false, reason: `A split has at most ${MAX_SPLIT_BRANCHES} branches.` };
  }
  const shares = evenShares(step.branches.length + 1);
  const branches: SplitStep["branches"] = [...step.branches, { label: null, percent: 0, next: null }].map((b, i) => ({
    ...b,
    percent: shares[i]!,
  }));
  return { ok: true, flow: replaceStep(flow, { ...step, branches }) };
}

/** Removes a split's branch and every step on it; the shares are evened out again. */
export function removeBranch(flow: Flow, splitId: string, index: number): Outcome {
  const step = byId(flow, splitId);
  if (step?.type !== "split") return { ok: false, reason: "That step is not a split." };
  if (step.branches.length <= 2) return { ok: false, reason: "A split has at least 2 branches." };
  const target = step.branches[index]?.next;
  const removed = target ? subtreeIds(flow, target) : new Set<string>();
  const refusal = deleteRefusal(flow, removed);
  if (refusal) return { ok: false, reason: refusal };
  const kept = step.branches.filter((_, i) => i !== index);
  const shares = evenShares(kept.length);
  const split: SplitStep = { ...step, branches: kept.map((b, i) => ({ ...b, percent: shares[i]! })) };
  const after = replaceStep({ ...flow, steps: flow.steps.filter((s) => !removed.has(s.id)) }, split);
  return checked(flow, after, "Removing it would break the automation.");
}
