import { sql } from "@/server/db/pool";
import type { Automation } from "@/lib/schemas/automations";
import { automationColumns, loadAutomationRow, toAutomation, type AutomationRow } from "./automation-record";

/**
 * A new draft "<name> (copy)" with the same definition and sender, from an automation in any status; never its
 * versions, runs or counts. The source is not touched.
 */
export async function duplicateAutomation(workspaceId: string, id: string): Promise<Automation> {
  const source = await loadAutomationRow(workspaceId, id);
  const [row] = await sql<AutomationRow>(
    `INSERT INTO "Automation" AS a (id, "workspaceId", name, description, status, trigger, "entryFilter", reentry,
                                    "startStepId", steps, "fromName", "fromEmail", "replyTo", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), "workspaceId", left(name || ' (copy)', 200), description, 'draft', trigger,
            "entryFilter", reentry, "startStepId", steps, "fromName", "fromEmail", "replyTo", now(), now()
       FROM "Automation" WHERE id = $1::uuid
     RETURNING ${automationColumns}`,
    [source.id],
  );
  return toAutomation(row!);
}
