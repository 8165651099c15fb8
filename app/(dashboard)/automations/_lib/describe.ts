// Automations in words, for the list, the report and the contact page: the trigger ("Tag “VIP” is added"), each
// step ("Wait 2 days"), the steps in the order a contact meets them, and why a run ended. Pure (no React, no server):
// the names of tags, segments, forms, fields and automations come in resolved (./load-names.ts).
import type { Action, Delay, Step, StepType, Trigger, WaitEvent } from "@/lib/schemas/automations";
import { stepExits } from "@/lib/schemas/automations";

/** Names by id (tags, segments, forms, automations) and field labels by key, of what the definitions name. */
export type AutomationNames = {
  tags: Record<string, string>;
  segments: Record<string, string>;
  forms: Record<string, string>;
  automations: Record<string, string>;
  fields: Record<string, string>;
};

export const NO_NAMES: AutomationNames = { tags: {}, segments: {}, forms: {}, automations: {}, fields: {} };

export const STEP_TYPE_LABELS: Record<StepType, string> = {
  email: "Email",
  delay: "Delay",
  condition: "Condition",
  wait_for: "Wait for",
  action: "Action",
  split: "Random split",
  goal: "Goal",
  exit: "Exit",
};

const quote = (name: string | undefined, fallback: string) => (name ? `“${name}”` : fallback);
/** `fields.birthday` → the field's label, or its key when the field is gone. */
const fieldName = (names: AutomationNames, path: string) => {
  const key = path.replace(/^fields\./, "");
  return names.fields[key] ?? key;
};

export function triggerText(trigger: Trigger, names: AutomationNames): string {
  switch (trigger.type) {
    case "subscribed":
      return trigger.formId
        ? `Subscribes through ${quote(names.forms[trigger.formId], "a deleted form")}`
        : "Subscribes (any source)";
    case "tag_added":
      return `Tag ${quote(names.tags[trigger.tagId], "(deleted)")} is added`;
    case "segment_entered":
      return `Enters segment ${quote(names.segments[trigger.segmentId], "(deleted)")}`;
    case "date_anniversary":
      return `Anniversary of ${fieldName(names, trigger.field)}, at ${trigger.time}`;
    case "api":
      return "Added by hand or through the API";
  }
}

const plural = (n: number, unit: string) => `${n} ${n === 1 ? unit.replace(/s$/, "") : unit}`;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function weekdaysText(days: number[] | undefined): string {
  if (!days || days.length === 7) return "";
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.join() === "1,2,3,4,5") return " on weekdays";
  return ` on ${sorted.map((d) => WEEKDAYS[d - 1]).join(", ")}`;
}

function delayText(delay: Delay, names: AutomationNames): string {
  switch (delay.mode) {
    case "duration":
      return `Wait ${plural(delay.amount, delay.unit)}`;
    case "until_time":
      return `Wait until ${delay.time}${weekdaysText(delay.weekdays)}`;
    case "until_date": {
      const offset = delay.offsetDays ?? 0;
      const shift = offset === 0 ? "" : ` ${offset > 0 ? "+" : "−"} ${plural(Math.abs(offset), "days")}`;
      return `Wait until ${fieldName(names, delay.field)}${shift}, at ${delay.time ?? "09:00"}`;
    }
  }
}

function waitText(event: WaitEvent, names: AutomationNames): string {
  switch (event.type) {
    case "clicked":
      return event.stepId ? `Wait for a click in “${event.stepId}”` : "Wait for a click";
    case "tag_added":
      return `Wait for tag ${quote(names.tags[event.tagId], "(deleted)")}`;
    case "form_submitted":
      return event.formId
        ? `Wait for form ${quote(names.forms[event.formId], "(deleted)")}`
        : "Wait for a form submission";
  }
}

function actionText(action: Action, names: AutomationNames): string {
  switch (action.type) {
    case "add_tag":
      return `Add tag ${quote(names.tags[action.tagId], "(deleted)")}`;
    case "remove_tag":
      return `Remove tag ${quote(names.tags[action.tagId], "(deleted)")}`;
    case "set_field":
      return `Set ${names.fields[action.field] ?? action.field} to ${action.value === null ? "empty" : String(action.value)}`;
    case "start_automation":
      return `Start ${quote(names.automations[action.automationId], "a deleted automation")}`;
    case "emit_webhook":
      return `Webhook “${action.label}”`;
  }
}

/** What a step does, in a few words (its own name wins when it has one). */
export function stepText(step: Step, names: AutomationNames): string {
  if (step.name) return step.name;
  switch (step.type) {
    case "email":
      return step.email.subject ? `Email “${step.email.subject}”` : "Email (no subject yet)";
    case "delay":
      return delayText(step.delay, names);
    case "condition": {
      const n = step.rules.conditions.length;
      return `If ${step.rules.match === "all" || n === 1 ? "" : "any of "}${plural(n, "conditions")} match`;
    }
    case "wait_for":
      return `${waitText(step.event, names)} (up to ${plural(step.timeout.amount, step.timeout.unit)})`;
    case "action":
      return actionText(step.action, names);
    case "split":
      return `Random split ${step.branches.map((b) => b.percent).join(" / ")}`;
    case "goal":
      return "Goal reached";
    case "exit":
      return "Exit";
  }
}

/** The label of each way out of a step, as the builder draws its branches. */
function exitLabels(step: Step): string[] {
  switch (step.type) {
    case "condition":
      return ["Yes", "No"];
    case "wait_for":
      return ["Happened", "Timed out"];
    case "split":
      return step.branches.map((b, i) => `${b.label || `Branch ${String.fromCharCode(65 + i)}`} (${b.percent} %)`);
    default:
      return [""];
  }
}

export type FlowRow = {
  step: Step;
  /** How many branches deep (0: the main path). */
  depth: number;
  /** The branch this step starts ("Yes", "Timed out", "Branch A (50 %)"), or null. */
  branch: string | null;
};

/**
 * The steps in the order a contact meets them: the main path from the first step, each branch in full before the
 * next one (yes before no), one level deeper. Steps the first step does not lead to (a draft's loose ends) follow,
 * unindented. A bad pointer (a draft may have one) is skipped, and a step is listed once however it is reached.
 */
export function flowOrder(startStepId: string | null, steps: Step[]): FlowRow[] {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const rows: FlowRow[] = [];
  const walk = (id: string | null, depth: number, branch: string | null) => {
    let current = id;
    let label = branch;
    while (current && byId.has(current) && !seen.has(current)) {
      const step = byId.get(current)!;
      seen.add(current);
      rows.push({ step, depth, branch: label });
      label = null;
      const exits = stepExits(step);
      if (exits.length === 1) {
        current = exits[0]!.next;
        continue;
      }
      const labels = exitLabels(step);
      exits.forEach((exit, i) => walk(exit.next, depth + 1, labels[i] ?? null));
      return;
    }
  };
  walk(startStepId, 0, null);
  for (const step of steps) if (!seen.has(step.id)) walk(step.id, 0, null);
  return rows;
}

const EXIT_REASONS: Record<string, string> = {
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Marked as spam",
  removed: "Removed by hand",
  archived: "Automation archived",
  step_removed: "Their step was removed",
  failed: "A step failed",
  goal: "Reached the goal",
};

/** Why a run left early, as people say it (an unknown reason as it is written). */
export function exitReasonText(reason: string | null): string {
  if (!reason) return "Left early";
  return EXIT_REASONS[reason] ?? reason.replaceAll("_", " ");
}

/** A history row's outcome ("sent", "yes", "branch:1", "exited:removed", …) in words. */
export function outcomeText(outcome: string | null): string {
  if (!outcome) return "Here now";
  if (outcome.startsWith("exited:")) return `Left: ${exitReasonText(outcome.slice("exited:".length)).toLowerCase()}`;
  if (outcome.startsWith("branch:")) return `Branch ${String.fromCharCode(65 + Number(outcome.slice(7)))}`;
  const words: Record<string, string> = {
    sent: "Sent",
    yes: "Yes",
    no: "No",
    timed_out: "Timed out",
    converted: "Converted",
    done: "Done",
    completed: "Completed",
  };
  return words[outcome] ?? outcome.replaceAll("_", " ");
}

/** Every id and field key the definitions name, to resolve their names in one query per kind. */
export function referencedIds(defs: { trigger: Trigger; steps: Step[] }[]) {
  const ids = { tags: new Set<string>(), segments: new Set<string>(), forms: new Set<string>() };
  const fields = new Set<string>();
  const automations = new Set<string>();
  const field = (path: string) => fields.add(path.replace(/^fields\./, ""));
  for (const { trigger, steps } of defs) {
    if (trigger.type === "subscribed" && trigger.formId) ids.forms.add(trigger.formId);
    if (trigger.type === "tag_added") ids.tags.add(trigger.tagId);
    if (trigger.type === "segment_entered") ids.segments.add(trigger.segmentId);
    if (trigger.type === "date_anniversary") field(trigger.field);
    for (const step of steps) {
      if (step.type === "delay" && step.delay.mode === "until_date") field(step.delay.field);
      if (step.type === "wait_for" && step.event.type === "tag_added") ids.tags.add(step.event.tagId);
      if (step.type === "wait_for" && step.event.type === "form_submitted" && step.event.formId)
        ids.forms.add(step.event.formId);
      if (step.type !== "action") continue;
      const a = step.action;
      if (a.type === "add_tag" || a.type === "remove_tag") ids.tags.add(a.tagId);
      if (a.type === "set_field") field(a.field);
      if (a.type === "start_automation") automations.add(a.automationId);
    }
  }
  return {
    tags: [...ids.tags],
    segments: [...ids.segments],
    forms: [...ids.forms],
    fields: [...fields],
    automations: [...automations],
  };
}
