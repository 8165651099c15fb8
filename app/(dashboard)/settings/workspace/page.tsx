import type { Metadata } from "next";
import { can } from "@/lib/permissions";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";
import { dashboardContext } from "../../_lib/dashboard-context";
import { DangerZone } from "./_components/danger-zone";
import { GeneralForm } from "./_components/general-form";
import { SendingSettingsForm } from "./_components/sending-settings-form";

export const metadata: Metadata = { title: "Workspace settings" };

export default async function WorkspaceSettingsPage() {
  const { workspace } = await dashboardContext("workspaceSettings");
  const settings = await getSendingSettings({ workspaceId: workspace.id });
  // The server's list, passed down: the browser's ICU may know a slightly different set, and the select must
  // render the same on both sides.
  const zones = Intl.supportedValuesOf("timeZone");
  return (
    <div key={workspace.id} className="space-y-8">
      <GeneralForm name={workspace.name} slug={workspace.slug} />
      <SendingSettingsForm initial={settings} zones={zones} />
      {can(workspace.role, "ownership") && <DangerZone workspaceName={workspace.name} />}
    </div>
  );
}
