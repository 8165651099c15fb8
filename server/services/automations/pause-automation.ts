import { sql } from "@/server/db/pool";
import { illegalMove } from "@/server/state-moves";
import type { Automation } from "@/lib/schemas/automations";
import { automationColumns, countedAutomation, loadAutomationRow, type AutomationRow } from "./automation-record";

/**
 * active → paused: no contact enters, and runs stay at their step (the engine claims only runs of active
 * automations) until activate resumes them. One conditional UPDATE, so a racing move wins or loses whole.
 */
export async function pauseAutomation(workspaceId: string, id: string): Promise<Automation> {
  const [row] = await sql<AutomationRow>(
    `UPDATE "Automation" a SET status = 'paused', "pausedAt" = now(),
            "updatedAt" = greatest(now(), a."updatedAt" + interval '1 millisecond')
      WHERE id = $1::uuid AND "workspaceId" = $2::uuid AND status = 'active' RETURNING ${automationColumns}`,
    [id, workspaceId],
  );
  if (row) return countedAutomation(row);
  const now = await loadAutomationRow(workspaceId, id);
  throw illegalMove("automation", "pause", now.status, ["active"], {
    also: now.status === "paused" ? "It is already paused." : "",
  });
}
