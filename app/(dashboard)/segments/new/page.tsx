import type { Metadata } from "next";
import { dashboardContext } from "../../_lib/dashboard-context";
import { SegmentBuilder } from "../_components/segment-builder";
import { loadBuilderLists } from "../_lib/load-builder-lists";

export const metadata: Metadata = { title: "New segment" };

export default async function NewSegmentPage() {
  const { workspace } = await dashboardContext("audience.write");
  const lists = await loadBuilderLists(workspace.id);
  return <SegmentBuilder key={workspace.id} workspaceId={workspace.id} segment={null} {...lists} />;
}
