import type { Metadata } from "next";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";
import { dashboardContext } from "../../_lib/dashboard-context";
import { SendingSettingsForm } from "./_components/sending-settings-form";

export const metadata: Metadata = { title: "Sending settings" };

export default async function SendingSettingsPage() {
  const { workspace } = await dashboardContext("workspaceSettings");
  const settings = await getSendingSettings({ workspaceId: workspace.id });
  // The server's list, passed down: the browser's ICU may know a slightly different set, and the select must
  // render the same on both sides.
  const zones = Intl.supportedValuesOf("timeZone");
  return <SendingSettingsForm key={workspace.id} initial={settings} zones={zones} />;
}
