import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadBroadcastFigures } from "../_lib/load-broadcast";
import { ReportView } from "./_components/report-view";

export const metadata: Metadata = { title: "Broadcast report" };

/** The report of a sending or sent broadcast; a draft or a scheduled one opens in the composer instead. */
export default async function BroadcastReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("broadcasts");
  const broadcast = await getBroadcast({ workspaceId: workspace.id, broadcastId: id }).catch((error: unknown) => {
    // Another workspace's broadcast, or one deleted meanwhile, is simply not found.
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  if (broadcast.status === "draft" || broadcast.status === "scheduled") redirect(`/broadcasts/${id}/edit`);
  const data = await loadBroadcastFigures(workspace.id, broadcast);
  return <ReportView key={`${workspace.id}:${id}`} workspaceId={workspace.id} initial={data} />;
}
