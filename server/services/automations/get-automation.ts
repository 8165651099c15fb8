import type { Automation } from "@/lib/schemas/automations";
import { countedAutomation, loadAutomationRow } from "./automation-record";

export async function getAutomation(workspaceId: string, id: string): Promise<Automation> {
  return countedAutomation(await loadAutomationRow(workspaceId, id));
}
