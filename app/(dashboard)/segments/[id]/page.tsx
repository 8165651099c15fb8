import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getSegment } from "@/server/services/segments/get-segment";
import { dashboardContext } from "../../_lib/dashboard-context";
import { SegmentBuilder } from "../_components/segment-builder";
import { loadBuilderLists } from "../_lib/load-builder-lists";

export const metadata: Metadata = { title: "Segment" };

export default async function SegmentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("audience");
  const [segment, lists] = await Promise.all([
    getSegment({ workspaceId: workspace.id, segmentId: id }).catch((error: unknown) => {
      // Another workspace's segment, or one deleted meanwhile, is simply not found.
      if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
      throw error;
    }),
    loadBuilderLists(workspace.id),
  ]);
  return <SegmentBuilder key={`${workspace.id}:${id}`} workspaceId={workspace.id} segment={segment} {...lists} />;
}
