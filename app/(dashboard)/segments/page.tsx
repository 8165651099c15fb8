import type { Metadata } from "next";
import { listSegments } from "@/server/services/segments/list-segments";
import { dashboardContext } from "../_lib/dashboard-context";
import { SegmentsView } from "./_components/segments-view";

export const metadata: Metadata = { title: "Segments" };

export default async function SegmentsPage() {
  const { workspace } = await dashboardContext("audience");
  const initial = await listSegments({ workspaceId: workspace.id, query: { page: 1, limit: 20 } });
  return <SegmentsView key={workspace.id} workspaceId={workspace.id} initial={initial} />;
}
