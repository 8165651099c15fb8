// The activation checklist's rules that need no database: the flow (unfinished paths apart from the other flow
// errors), each email step's content (subject, content, buttons with a link), the sender and the postal address.
// automationChecklist adds the references (checkDefinition); activate and every publish refuse with the same list.
import { buttonsWithoutLink } from "@/lib/broadcast-content";
import { pointerTo } from "@/lib/json-pointer";
import { findFlowErrors, type Step } from "@/lib/schemas/automations";

export const CHECKLIST_CODES = [
  "invalid_flow",
  "unfinished_path",
  "incomplete_email",
  "missing_sender",
  "missing_postal_address",
  "invalid_reference",
] as const;
export type ChecklistCode = (typeof CHECKLIST_CODES)[number];
export type ChecklistProblem = { code: ChecklistCode; message: string; pointer: string };

type Checked = {
  startStepId: string | null;
  steps: Step[];
  fromEmail: string | null;
};
type WorkspaceSending = { defaultFromEmail: string | null; postalAddress: string | null };

/** The flow: structural problems first, then the paths that have no end (only activation refuses those). */
export function flowProblems({ startStepId, steps }: Pick<Checked, "startStepId" | "steps">): ChecklistProblem[] {
  const base = findFlowErrors(startStepId, steps);
  const seen = new Set(base.map((i) => pointerTo(i.path) + i.message));
  const problems: ChecklistProblem[] = base.map((i) => ({
    code: "invalid_flow",
    message: i.message,
    pointer: pointerTo(i.path),
  }));
  for (const i of findFlowErrors(startStepId, steps, { forActivation: true })) {
    if (!seen.has(pointerTo(i.path) + i.message))
      problems.push({ code: "unfinished_path", message: i.message, pointer: pointerTo(i.path) });
  }
  return problems;
}

/** How a marketer knows the email: its name, else its subject; never the step's generated id (the item links to it). */
const label = (s: Step) => {
  const known = s.name?.trim() || (s.type === "email" ? s.email.subject?.trim() : "");
  return known ? `Email “${known}”` : "An unnamed email";
};

/** Each email step's missing pieces, pointing at the step's email. */
export function emailProblems(steps: Step[]): ChecklistProblem[] {
  return steps.flatMap((s, i): ChecklistProblem[] => {
    if (s.type !== "email") return [];
    const at = `#/steps/${i}/email`;
    const problems: ChecklistProblem[] = [];
    if (!s.email.subject?.trim())
      problems.push({
        code: "incomplete_email",
        message: `${label(s)} has no subject.`,
        pointer: `${at}/subject`,
      });
    if (s.email.blocks.length === 0)
      problems.push({
        code: "incomplete_email",
        message: `${label(s)} has no content.`,
        pointer: `${at}/blocks`,
      });
    for (const gap of buttonsWithoutLink(s.email.blocks, `${at}/blocks`))
      problems.push({ code: "incomplete_email", message: `${label(s)}: ${gap.detail}`, pointer: gap.pointer });
    return problems;
  });
}

/** A sender and a postal address, needed as soon as the automation sends email. */
export function sendingProblems(def: Checked, workspace: WorkspaceSending): ChecklistProblem[] {
  if (!def.steps.some((s) => s.type === "email")) return [];
  const problems: ChecklistProblem[] = [];
  if (!(def.fromEmail ?? workspace.defaultFromEmail)) {
    problems.push({
      code: "missing_sender",
      message: "Add a sender: the automation's from address, or the workspace's default sender (Settings → Workspace).",
      pointer: "#/fromEmail",
    });
  }
  if (!workspace.postalAddress?.trim()) {
    problems.push({
      code: "missing_postal_address",
      message: "Set the workspace's postal address (Settings → Workspace): every marketing email's footer carries it.",
      pointer: "#/workspace/postalAddress",
    });
  }
  return problems;
}
