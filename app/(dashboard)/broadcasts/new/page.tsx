import type { Metadata } from "next";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";
import { loadAllSegments, loadAllTags } from "../../_lib/load-all";
import { dashboardContext } from "../../_lib/dashboard-context";
import { NewBroadcastForm } from "./_components/new-broadcast-form";

export const metadata: Metadata = { title: "New broadcast" };

export default async function NewBroadcastPage() {
  const { workspace } = await dashboardContext();
  const [settings, segments, tags] = await Promise.all([
    getSendingSettings({ workspaceId: workspace.id }),
    loadAllSegments(workspace.id),
    loadAllTags(workspace.id),
  ]);
  return (
    <NewBroadcastForm
      key={workspace.id}
      workspaceId={workspace.id}
      defaults={{ fromName: settings.defaultFromName ?? "", fromEmail: settings.defaultFromEmail ?? "" }}
      segments={segments}
      tags={tags}
    />
  );
}
