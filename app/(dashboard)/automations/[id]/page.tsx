import type { Metadata } from "next";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadAutomationOr404 } from "../_lib/load-report";
import { ReportView } from "./_components/report-view";

export const metadata: Metadata = { title: "Automation report" };

/** Any automation's report, a draft's too (its counts are zero; its header leads to the builder). */
export default async function AutomationReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { workspace } = await dashboardContext("broadcasts");
  const initial = await loadAutomationOr404(workspace.id, id, 30);
  return <ReportView key={`${workspace.id}:${id}`} workspaceId={workspace.id} initial={initial} />;
}
