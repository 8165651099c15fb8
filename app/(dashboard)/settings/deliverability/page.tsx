import type { Metadata } from "next";
import { can } from "@/lib/permissions";
import { getDeliverabilityRules } from "@/server/services/deliverability/get-deliverability-rules";
import { dashboardContext } from "../../_lib/dashboard-context";
import { RulesForm } from "./_components/rules-form";
import { BounceMailboxCard } from "./_components/bounce-mailbox-card";

export const metadata: Metadata = { title: "Deliverability settings" };

export default async function DeliverabilitySettingsPage() {
  const { workspace } = await dashboardContext("workspace");
  const rules = await getDeliverabilityRules({ workspaceId: workspace.id });
  return (
    <div key={workspace.id} className="space-y-8">
      <RulesForm initial={rules} canEdit={can(workspace.role, "workspaceSettings")} />
      <BounceMailboxCard />
    </div>
  );
}
