import { AppError } from "@/server/errors";
import { sqlTransaction } from "@/server/db/pool";
import { illegalMove } from "@/server/state-moves";
import { ZUpdateAutomation, type Automation, type UpdateAutomation } from "@/lib/schemas/automations";
import { automationColumns, countedAutomation, loadAutomationRow, type AutomationRow } from "./automation-record";
import {
  definitionParams,
  merged,
  preparePublishFor,
  publishPrepared,
  storedOf,
  validated,
  type Prepared,
} from "./write-automation";

/** PATCH changes at least one member (as every PATCH of the API): `{}` is a 422, not a new version of nothing. */
export const ZPatchAutomation = ZUpdateAutomation.refine((v) => Object.keys(v).length > 0, {
  message: "Send at least one field to change.",
}).meta({
  id: "UpdateAutomation",
  minProperties: 1,
  description: "Editing an active or paused automation publishes the new definition as a new version at once",
});

const EDITABLE = ["draft", "active", "paused"] as const;
/** Validation and rendering happen before the transaction; a write that lands meanwhile makes us start again. */
const ROUNDS = 3;

/**
 * A partial update. A draft saves as it is (unfinished allowed); an active or paused automation must pass the
 * activation checklist and the edit is published at once as a new version (contacts inside continue by step id;
 * those on a removed step leave as `step_removed`). Archived automations are read-only (409). `expectedUpdatedAt`
 * (the builder's autosave) makes an edit made from a stale copy a 409 instead of overwriting a newer one.
 */
export async function updateAutomation(
  workspaceId: string,
  id: string,
  input: UpdateAutomation,
  { expectedUpdatedAt }: { expectedUpdatedAt?: Date } = {},
): Promise<Automation> {
  for (let round = 0; ; round++) {
    const current = await loadAutomationRow(workspaceId, id);
    if (current.status === "archived") throw illegalMove("automation", "edit", current.status, EDITABLE);
    if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime()) throw stale(current);
    const live = current.status !== "draft";
    const def = await validated(workspaceId, merged(storedOf(current), input), { live, automationId: id });
    const prepared: Prepared | null = live ? await preparePublishFor(workspaceId, def) : null;
    const saved = await sqlTransaction(async (query) => {
      const locked = await loadAutomationRow(workspaceId, id, query, { forUpdate: true });
      // Changed since it was validated: a status move or another edit. Check again from the top.
      if (locked.updatedAt.getTime() !== current.updatedAt.getTime() || locked.status !== current.status) return null;
      const p = definitionParams(def);
      const {
        rows: [row],
      } = await query<AutomationRow>(
        `UPDATE "Automation" a SET name = $2, description = $3, trigger = $4::jsonb, "entryFilter" = $5::jsonb,
                reentry = $6::jsonb, "startStepId" = $7, steps = $8::jsonb, "fromName" = $9, "fromEmail" = $10,
                "replyTo" = $11, "updatedAt" = greatest(now(), a."updatedAt" + interval '1 millisecond')
          WHERE id = $1 RETURNING ${automationColumns}`,
        [
          id,
          def.name,
          def.description,
          p.trigger,
          p.entryFilter,
          p.reentry,
          def.startStepId,
          p.steps,
          def.fromName,
          def.fromEmail,
          def.replyTo,
        ],
      );
      if (prepared) row!.publishedVersion = await publishPrepared(query, row!, prepared, new Date());
      return row!;
    });
    if (saved) return countedAutomation(saved);
    if (expectedUpdatedAt) throw stale(await loadAutomationRow(workspaceId, id));
    if (round + 1 >= ROUNDS)
      throw new AppError(
        "CONFLICT",
        "The automation kept changing while this edit was saved. Reload it and try again.",
      );
  }
}

const stale = (now: AutomationRow) =>
  new AppError(
    "CONFLICT",
    `The automation was changed elsewhere (it was last saved at ${now.updatedAt.toISOString()}). Reload it to see ` +
      "the latest version, then make your edit again.",
  );
