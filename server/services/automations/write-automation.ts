// What create, update and the state moves share: a definition merged from an input over what is stored, its
// validation (one 422 listing every problem, nothing stored), the sender an automation's emails go out with, and
// publishing inside the caller's transaction.
import { db } from "@/server/db/client";
import type { Query } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { UpdateAutomation } from "@/lib/schemas/automations";
import { checkDefinition, type Definition } from "./definition-errors";
import { checklistProblems, definitionOf, notReady } from "./checklist";
import { compileLinks, publishVersion, type CompiledLinks } from "./publish";
import type { AutomationRow } from "./automation-record";

export type Stored = Definition & {
  name: string;
  description: string | null;
  fromName: string | null;
  fromEmail: string | null;
  replyTo: string | null;
};

/** The input's members over the stored ones: a member left out keeps its value, a null clears it. */
export function merged(base: Stored, input: UpdateAutomation): Stored {
  const pick = <K extends keyof Stored>(k: K): Stored[K] =>
    (input as Record<string, unknown>)[k] === undefined
      ? base[k]
      : ((input as Record<string, unknown>)[k] as Stored[K]);
  return {
    name: pick("name"),
    description: pick("description") ?? null,
    trigger: pick("trigger"),
    entryFilter: pick("entryFilter") ?? null,
    reentry: pick("reentry") ?? { mode: "once" },
    startStepId: pick("startStepId") ?? null,
    steps: pick("steps") ?? [],
    fromName: pick("fromName") ?? null,
    fromEmail: pick("fromEmail") ?? null,
    replyTo: pick("replyTo") ?? null,
  };
}

export const storedOf = (row: AutomationRow): Stored => ({
  ...definitionOf(row),
  name: row.name,
  description: row.description,
  fromName: row.fromName,
  replyTo: row.replyTo,
});

/**
 * Checks a definition about to be saved: a draft may be unfinished (paths without an end, empty emails), but never
 * structurally wrong or naming what is not this workspace's; a live one (`live`: it publishes at once) must pass the
 * whole activation checklist. Returns the steps in their stored form.
 */
export async function validated(
  workspaceId: string,
  def: Stored,
  { live, automationId }: { live: boolean; automationId?: string },
): Promise<Stored> {
  if (live) {
    const problems = await checklistProblems(workspaceId, def, automationId);
    if (problems.length) throw notReady("publish this edit of", problems);
  }
  const { errors, steps } = await checkDefinition(workspaceId, def, { automationId });
  if (errors.length) {
    const list = errors.map((e) => e.detail.replace(/\.$/, "")).join("; ");
    throw new AppError("VALIDATION", `The automation is invalid: ${list}.`, errors);
  }
  return { ...def, steps };
}

/** What publishing needs from outside the transaction: the sender with the workspace's default, and the links. */
export async function preparePublishFor(
  workspaceId: string,
  def: Pick<Stored, "steps" | "fromName" | "fromEmail" | "replyTo">,
) {
  const workspace = await db().workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { name: true, postalAddress: true, defaultFromName: true, defaultFromEmail: true },
  });
  const sender = {
    fromName: def.fromName ?? workspace.defaultFromName,
    fromEmail: def.fromEmail ?? workspace.defaultFromEmail,
    replyTo: def.replyTo,
  };
  const links: CompiledLinks = await compileLinks(def.steps, workspace);
  return { sender, links };
}

export type Prepared = Awaited<ReturnType<typeof preparePublishFor>>;

export function publishPrepared(query: Query, row: AutomationRow, prepared: Prepared, now: Date) {
  return publishVersion(query, row, prepared.sender, prepared.links, now);
}

/** Definition JSON as the UPDATE and INSERT statements take it. */
export function definitionParams(def: Stored) {
  return {
    trigger: JSON.stringify(def.trigger),
    entryFilter: def.entryFilter ? JSON.stringify(def.entryFilter) : null,
    reentry: JSON.stringify(def.reentry),
    steps: JSON.stringify(def.steps),
  };
}
