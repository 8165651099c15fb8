import { AppError } from "@/server/errors";
import { sqlTransaction } from "@/server/db/pool";
import { illegalMove } from "@/server/state-moves";
import type { Automation } from "@/lib/schemas/automations";
import { automationColumns, countedAutomation, loadAutomationRow, type AutomationRow } from "./automation-record";
import { checklistProblems, definitionOf, notReady } from "./checklist";
import { preparePublishFor, publishPrepared, storedOf } from "./write-automation";

const FROM = ["draft", "paused"] as const;
const ROUNDS = 3;

/**
 * draft → active (publishes version 1: contacts start entering) or paused → active (resumes: runs held at their
 * step go on). Refused with one 422 listing every checklist problem; from another status a 409 naming it.
 */
export async function activateAutomation(workspaceId: string, id: string): Promise<Automation> {
  for (let round = 0; round < ROUNDS; round++) {
    const current = await loadAutomationRow(workspaceId, id);
    if (!(FROM as readonly string[]).includes(current.status)) {
      throw illegalMove("automation", "activate", current.status, FROM, {
        also: current.status === "active" ? "It is already active." : "",
      });
    }
    const problems = await checklistProblems(workspaceId, definitionOf(current), id);
    if (problems.length) throw notReady("activate", problems);
    // A paused automation was published when it was activated and at each edit since: resuming publishes nothing.
    const prepared = current.publishedVersion === 0 ? await preparePublishFor(workspaceId, storedOf(current)) : null;
    const done = await sqlTransaction(async (query) => {
      const locked = await loadAutomationRow(workspaceId, id, query, { forUpdate: true });
      if (locked.updatedAt.getTime() !== current.updatedAt.getTime() || locked.status !== current.status) return null;
      const now = new Date();
      if (prepared) await publishPrepared(query, locked, prepared, now);
      const { rows } = await query<AutomationRow>(
        `UPDATE "Automation" a SET status = 'active', "activatedAt" = $2, "pausedAt" = NULL,
                "updatedAt" = greatest($2, a."updatedAt" + interval '1 millisecond')
          WHERE id = $1 RETURNING ${automationColumns}`,
        [id, now],
      );
      return rows[0]!;
    });
    if (done) return countedAutomation(done);
  }
  throw new AppError("CONFLICT", "The automation kept changing while it was being activated. Try again.");
}
