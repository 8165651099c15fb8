import { sqlTransaction } from "@/server/db/pool";
import { automationNow } from "@/server/automations/clock";
import { cancelQueuedEmails, exitRuns } from "@/server/automations/run-moves";
import type { Automation } from "@/lib/schemas/automations";
import { automationColumns, countedAutomation, loadAutomationRow, type AutomationRow } from "./automation-record";

/**
 * draft, active or paused → archived, for good: no contact enters again, and every contact inside leaves now
 * (exit reason `archived`, an automation.exited event each) in the same transaction as the move, and its emails
 * still queued are not sent. Idempotent like the
 * other resources' archive: an archived automation is answered unchanged. Its history and reports stay.
 */
export async function archiveAutomation(workspaceId: string, id: string): Promise<Automation> {
  const now = await automationNow();
  const row = await sqlTransaction(async (query) => {
    const current = await loadAutomationRow(workspaceId, id, query, { forUpdate: true });
    if (current.status === "archived") return current;
    const { rows } = await query<AutomationRow>(
      `UPDATE "Automation" a SET status = 'archived', "archivedAt" = $2,
              "updatedAt" = greatest(now(), a."updatedAt" + interval '1 millisecond')
        WHERE id = $1 RETURNING ${automationColumns}`,
      [id, now],
    );
    await exitRuns(query, { automationId: id, workspaceId }, "archived", now);
    await cancelQueuedEmails(query, { workspaceId, automationId: id }, "automation archived");
    return rows[0]!;
  });
  return countedAutomation(row);
}
