// The builder's working copy of an automation: the fields a save sends (the update schema's), nothing the server
// computes. Autosave compares drafts by identity, so every edit makes a new object.
import type { Automation, Step, UpdateAutomation } from "@/lib/schemas/automations";
import type { Flow } from "./flow-ops";

export type AutomationDraft = {
  name: string;
  description: string | null;
  trigger: Automation["trigger"];
  entryFilter: Automation["entryFilter"];
  reentry: Automation["reentry"];
  startStepId: string | null;
  steps: Step[];
  fromName: string | null;
  fromEmail: string | null;
  replyTo: string | null;
};

export function draftOf(a: Automation): AutomationDraft {
  return {
    name: a.name,
    description: a.description,
    trigger: a.trigger,
    entryFilter: a.entryFilter,
    reentry: a.reentry,
    startStepId: a.startStepId,
    steps: a.steps,
    fromName: a.fromName,
    fromEmail: a.fromEmail,
    replyTo: a.replyTo,
  };
}

export function toUpdateInput(d: AutomationDraft): UpdateAutomation {
  return { ...d };
}

export const flowOf = (d: AutomationDraft): Flow => ({ startStepId: d.startStepId, steps: d.steps });

/** The draft with a flow move applied (the tree's two fields), or the same draft when nothing changed. */
export function withFlow(d: AutomationDraft, flow: Flow): AutomationDraft {
  return flow.steps === d.steps && flow.startStepId === d.startStepId
    ? d
    : { ...d, startStepId: flow.startStepId, steps: flow.steps };
}

export function replaceStep(d: AutomationDraft, step: Step): AutomationDraft {
  return { ...d, steps: d.steps.map((s) => (s.id === step.id ? step : s)) };
}
