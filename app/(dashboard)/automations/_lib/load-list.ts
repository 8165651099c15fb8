import "server-only";
import type { z } from "zod";
import type { Automation, ZListAutomationsQuery } from "@/lib/schemas/automations";
import type { OffsetPage } from "@/lib/pages";
import { listAutomations } from "@/server/services/automations/list-automations";
import type { AutomationNames } from "./describe";
import { loadAutomationNames } from "./load-names";

export type AutomationListData = { page: OffsetPage<Automation>; names: AutomationNames };

/** A page of automations and the names their triggers print (the tag, segment, form or field each one names). */
export async function loadAutomationList(
  workspaceId: string,
  query: z.output<typeof ZListAutomationsQuery>,
): Promise<AutomationListData> {
  const page = await listAutomations(workspaceId, query);
  // The list prints triggers only: the steps' names are the report's to load.
  const triggers = page.data.map((a) => ({ trigger: a.trigger, steps: [] }));
  return { page, names: await loadAutomationNames(workspaceId, triggers) };
}
