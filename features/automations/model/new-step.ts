// A new step of each type as the "+" menu adds it: valid where it can be without a choice the marketer must make
// (a tag, a field), so a fresh step saves at once and the side panel asks for the rest.
import type { Step, StepType } from "@/lib/schemas/automations";
import { evenShares, type Flow } from "./flow-ops";

export const STEP_LABELS: Record<StepType, string> = {
  email: "Send email",
  delay: "Delay",
  condition: "Condition",
  wait_for: "Wait for event",
  action: "Action",
  split: "Random split",
  goal: "Goal",
  exit: "Exit",
};

export const STEP_DESCRIPTIONS: Record<StepType, string> = {
  email: "Send an email written in the block composer.",
  delay: "Wait a while, until a time of day, or until a date.",
  condition: "Branch on segment rules or on an earlier email.",
  wait_for: "Wait for a click, a tag or a form, with a timeout.",
  action: "Tag, set a field, start an automation or emit a webhook.",
  split: "Send contacts down 2 to 5 branches by percentage.",
  goal: "Contacts who meet it jump here and count as converted.",
  exit: "End this path.",
};

/** A short random step id (the contract allows letters, digits, - and _, up to 40). */
export function newStepId(type: StepType, taken: (id: string) => boolean, random = Math.random): string {
  for (;;) {
    const id = `${type.replace("_", "")}-${random().toString(36).slice(2, 8)}`;
    if (!taken(id)) return id;
  }
}

/** The latest email step above a slot's path, for a condition's or a wait's default. */
function emailAbove(flow: Flow, parentId: string | null): string | null {
  const parentOf = new Map<string, string>();
  for (const s of flow.steps) {
    const exits =
      s.type === "condition"
        ? [s.yes, s.no]
        : s.type === "wait_for"
          ? [s.yes, s.timedOut]
          : s.type === "split"
            ? s.branches.map((b) => b.next)
            : s.type === "exit"
              ? []
              : [s.next];
    for (const e of exits) if (e) parentOf.set(e, s.id);
  }
  for (let cur = parentId, guard = 0; cur && guard <= flow.steps.length; cur = parentOf.get(cur) ?? null, guard++) {
    if (flow.steps.find((s) => s.id === cur)?.type === "email") return cur;
  }
  return null;
}

export function newStep(type: StepType, flow: Flow, parentId: string | null, random = Math.random): Step {
  const id = newStepId(type, (x) => flow.steps.some((s) => s.id === x), random);
  const base = { id, name: null };
  const email = emailAbove(flow, parentId);
  switch (type) {
    case "email":
      return { ...base, type, email: { subject: "", previewText: "", blocks: [] }, next: null };
    case "delay":
      return { ...base, type, delay: { mode: "duration", amount: 1, unit: "days" }, next: null };
    case "condition":
      return {
        ...base,
        type,
        rules: {
          match: "all",
          conditions: [
            email
              ? { type: "step_email", action: "opened", stepId: email }
              : { type: "activity", action: "opened", withinDays: 30 },
          ],
        },
        yes: null,
        no: null,
      };
    case "wait_for":
      return {
        ...base,
        type,
        event: { type: "clicked", stepId: email },
        timeout: { amount: 3, unit: "days" },
        yes: null,
        timedOut: null,
      };
    case "action":
      return { ...base, type, action: { type: "emit_webhook", label: "Reached this step" }, next: null };
    case "split":
      return {
        ...base,
        type,
        branches: evenShares(2).map((percent, i) => ({ label: i === 0 ? "A" : "B", percent, next: null })),
      };
    case "goal":
      return {
        ...base,
        type,
        rules: { match: "all", conditions: [{ type: "activity", action: "clicked", withinDays: 30 }] },
        next: null,
      };
    case "exit":
      return { ...base, type };
  }
}
