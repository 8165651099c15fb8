// The activation checklist: every problem that keeps an automation from running, each with a code, a sentence and a
// JSON pointer into the definition, so the builder leads to the place. activate refuses with the same list (422),
// and so does every edit of an active or paused automation (it publishes at once). Beside them, warnings that never
// refuse anything: a From address that no verified sending domain signs (fromDomainWarning).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { checkDefinition, type Definition } from "./definition-errors";
import { loadAutomationRow, type AutomationRow } from "./automation-record";
import { emailProblems, flowProblems, sendingProblems, type ChecklistProblem } from "./checklist-rules";
import { fromDomainWarning, type FromDomainWarning } from "@/lib/deliverability/sending-domains";
import { sendingDomainStates } from "@/server/services/deliverability/list-sending-domains";

export type { ChecklistProblem } from "./checklist-rules";

type Checked = Definition & { fromEmail: string | null };

/** The problems of a definition as it would be activated. */
export async function checklistProblems(
  workspaceId: string,
  def: Checked,
  automationId?: string,
): Promise<ChecklistProblem[]> {
  const [checked, workspace] = await Promise.all([
    checkDefinition(workspaceId, def, { forActivation: true, automationId }),
    db().workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { defaultFromEmail: true, postalAddress: true },
    }),
  ]);
  return [
    ...flowProblems(def),
    ...emailProblems(def.steps),
    ...sendingProblems(def, workspace),
    ...checked.references.map((e) => ({ code: "invalid_reference" as const, message: e.detail, pointer: e.pointer })),
  ];
}

export const definitionOf = (row: AutomationRow): Checked => ({
  trigger: row.trigger as Definition["trigger"],
  entryFilter: (row.entryFilter ?? null) as Definition["entryFilter"],
  reentry: (row.reentry ?? { mode: "once" }) as Definition["reentry"],
  startStepId: row.startStepId,
  steps: (Array.isArray(row.steps) ? row.steps : []) as Definition["steps"],
  fromEmail: row.fromEmail,
});

/** A warning of the checklist: worth fixing, but activation goes ahead. */
export type ChecklistWarning = { code: FromDomainWarning["code"]; message: string; pointer: string };

/** The From address (the automation's, else the workspace's default) when no verified sending domain signs it. */
export async function sendingWarnings(workspaceId: string, def: Checked): Promise<ChecklistWarning[]> {
  if (!def.steps.some((s) => s.type === "email")) return [];
  const [workspace, domains] = await Promise.all([
    db().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { defaultFromEmail: true } }),
    sendingDomainStates(workspaceId),
  ]);
  const from = def.fromEmail ?? workspace.defaultFromEmail;
  const warning = from ? fromDomainWarning(from, domains) : null;
  return warning ? [{ ...warning, pointer: "#/fromEmail" }] : [];
}

export async function automationChecklist(
  workspaceId: string,
  id: string,
): Promise<{ problems: ChecklistProblem[]; warnings: ChecklistWarning[] }> {
  const row = await loadAutomationRow(workspaceId, id);
  const def = definitionOf(row);
  const [problems, warnings] = await Promise.all([
    checklistProblems(workspaceId, def, id),
    sendingWarnings(workspaceId, def),
  ]);
  return { problems, warnings };
}

/** One 422 listing every problem, worded like the broadcasts' readiness check. */
export function notReady(action: string, problems: ChecklistProblem[]): AppError {
  const list = problems.map((p) => p.message.replace(/\.$/, "")).join("; ");
  return new AppError(
    "VALIDATION",
    `Cannot ${action} the automation: ${list}.`,
    problems.map((p) => ({ pointer: p.pointer, detail: p.message })),
  );
}
