// What a step's card says in one line ("Wait 2 days", "If opened “Welcome”"), and where a checklist problem or a
// refused save's pointer leads in the builder (a step, the trigger card, the sender).
import type { Action, Delay, Step, Trigger, WaitEvent } from "@/lib/schemas/automations";
import { STEP_LABELS } from "./new-step";

export type Names = {
  tag(id: string): string;
  segment(id: string): string;
  form(id: string): string;
  field(key: string): string;
  automation(id: string): string;
  step(id: string): string;
};

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const plural = (n: number, unit: string) => `${n} ${n === 1 ? unit.replace(/s$/, "") : unit}`;
const quote = (s: string) => `“${s}”`;

export function stepTitle(step: Step): string {
  if (step.name) return step.name;
  if (step.type === "email") return step.email.subject?.trim() || "Untitled email";
  return STEP_LABELS[step.type];
}

export function delaySummary(delay: Delay, names: Pick<Names, "field">): string {
  if (delay.mode === "duration") return `Wait ${plural(delay.amount, delay.unit)}`;
  if (delay.mode === "until_time") {
    const days =
      delay.weekdays?.length && delay.weekdays.length < 7
        ? ` on ${delay.weekdays.map((d) => WEEKDAYS[d - 1]).join(", ")}`
        : "";
    return `Wait until ${delay.time}${days}`;
  }
  const offset = delay.offsetDays
    ? ` ${delay.offsetDays > 0 ? "+" : "−"} ${plural(Math.abs(delay.offsetDays), "days")}`
    : "";
  return `Wait until ${names.field(delay.field.slice(7))}${offset} at ${delay.time}`;
}

export function eventSummary(event: WaitEvent, names: Names): string {
  if (event.type === "clicked")
    return event.stepId ? `Clicked in ${quote(names.step(event.stepId))}` : "Clicked any email";
  if (event.type === "tag_added") return `Tag ${quote(names.tag(event.tagId))} added`;
  return event.formId ? `Submitted ${quote(names.form(event.formId))}` : "Submitted any form";
}

export function actionSummary(action: Action, names: Names): string {
  switch (action.type) {
    case "add_tag":
      return `Add tag ${quote(names.tag(action.tagId))}`;
    case "remove_tag":
      return `Remove tag ${quote(names.tag(action.tagId))}`;
    case "set_field":
      return `Set ${names.field(action.field)} to ${action.value === null ? "empty" : quote(String(action.value))}`;
    case "start_automation":
      return `Start ${quote(names.automation(action.automationId))}`;
    case "emit_webhook":
      return `Webhook event ${quote(action.label)}`;
  }
}

/** The card's second line. */
export function stepSummary(step: Step, names: Names): string {
  switch (step.type) {
    case "email":
      return step.email.blocks.length ? `${plural(step.email.blocks.length, "blocks")}` : "No content yet";
    case "delay":
      return delaySummary(step.delay, names);
    case "condition": {
      const n = step.rules.conditions.length;
      const first = step.rules.conditions[0];
      const lead =
        first?.type === "step_email"
          ? `${first.action.replace("_", " ")} ${quote(names.step(first.stepId))}`
          : `${plural(n, "conditions")}`;
      return first?.type === "step_email" && n > 1 ? `If ${lead} (+${n - 1})` : `If ${lead}`;
    }
    case "wait_for":
      return `${eventSummary(step.event, names)}, up to ${plural(step.timeout.amount, step.timeout.unit)}`;
    case "action":
      return actionSummary(step.action, names);
    case "split":
      return step.branches.map((b) => `${b.percent} %`).join(" / ");
    case "goal":
      return `${plural(step.rules.conditions.length, "conditions")}; met: jump here, converted`;
    case "exit":
      return "The contact leaves the automation";
  }
}

export function triggerSummary(trigger: Trigger, names: Names): string {
  switch (trigger.type) {
    case "subscribed":
      return trigger.formId ? `Subscribes through ${quote(names.form(trigger.formId))}` : "Subscribes (any source)";
    case "tag_added":
      return `Tag ${quote(names.tag(trigger.tagId))} is added`;
    case "segment_entered":
      return `Enters segment ${quote(names.segment(trigger.segmentId))}`;
    case "date_anniversary":
      return `Anniversary of ${names.field(trigger.field.slice(7))} at ${trigger.time}`;
    case "api":
      return "Enrolled through the API";
  }
}

export type ProblemTarget =
  | { kind: "step"; stepId: string; rest: string }
  | { kind: "trigger" }
  | { kind: "sender" }
  | { kind: "settings" }
  | { kind: "none" };

/** Where a problem's JSON pointer (#/steps/3/email/subject, #/trigger/tagId, #/fromEmail) leads in the builder. */
export function problemTarget(pointer: string, steps: Step[], code = ""): ProblemTarget {
  const m = /^#\/steps\/(\d+)(\/.*)?$/.exec(pointer);
  if (m) {
    const step = steps[Number(m[1])];
    return step ? { kind: "step", stepId: step.id, rest: m[2] ?? "" } : { kind: "none" };
  }
  if (/^#\/(trigger|entryFilter|reentry)\b/.test(pointer)) return { kind: "trigger" };
  if (/^#\/(fromName|fromEmail|replyTo)\b/.test(pointer)) return { kind: "sender" };
  if (/postal|address/i.test(code) || /^#\/workspace\b/.test(pointer)) return { kind: "settings" };
  if (/sender/i.test(code)) return { kind: "sender" };
  return { kind: "none" };
}
