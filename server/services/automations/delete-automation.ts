import { sql } from "@/server/db/pool";
import { illegalMove } from "@/server/state-moves";
import { loadAutomationRow } from "./automation-record";

/**
 * Deletes a draft (never activated, so no contact ever entered it). An automation that ran keeps its history: archive
 * it instead (409 naming its status).
 */
export async function deleteAutomation(workspaceId: string, id: string): Promise<void> {
  const deleted = await sql<{ id: string }>(
    `DELETE FROM "Automation" WHERE id = $1::uuid AND "workspaceId" = $2::uuid AND status = 'draft' RETURNING id`,
    [id, workspaceId],
  );
  if (deleted.length) return;
  const now = await loadAutomationRow(workspaceId, id);
  throw illegalMove("automation", "delete", now.status, ["draft"], {
    instead: "only drafts can be deleted; archive it instead (its contacts leave and its history stays).",
  });
}
