import type { Metadata } from "next";
import { ZListBroadcastsQuery } from "@/lib/schemas/broadcasts";
import { dashboardContext } from "../_lib/dashboard-context";
import { loadBroadcastList } from "./_lib/load-list";
import { BroadcastsView } from "./_components/broadcasts-view";

export const metadata: Metadata = { title: "Broadcasts" };

export default async function BroadcastsPage() {
  const { workspace } = await dashboardContext("broadcasts");
  const initial = await loadBroadcastList(workspace.id, ZListBroadcastsQuery.parse({}));
  return <BroadcastsView key={workspace.id} workspaceId={workspace.id} initial={initial} />;
}
