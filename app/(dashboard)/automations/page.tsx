import type { Metadata } from "next";
import { ZListAutomationsQuery } from "@/lib/schemas/automations";
import { dashboardContext } from "../_lib/dashboard-context";
import { loadAutomationList } from "./_lib/load-list";
import { AutomationsView } from "./_components/automations-view";

export const metadata: Metadata = { title: "Automations" };

export default async function AutomationsPage() {
  const { workspace } = await dashboardContext("broadcasts");
  const initial = await loadAutomationList(workspace.id, ZListAutomationsQuery.parse({}));
  return <AutomationsView key={workspace.id} workspaceId={workspace.id} initial={initial} />;
}
