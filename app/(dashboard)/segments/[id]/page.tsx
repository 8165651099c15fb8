import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getSegment } from "@/server/services/segments/get-segment";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadAllCustomFields, loadAllTags } from "@/server/services/workspace-lists/load-all";
import { SegmentBuilder } from "../_components/segment-builder";
import { loadActivityTargets } from "../_lib/load-activity-targets";

export const metadata: Metadata = { title: "Segment" };

export default async function SegmentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("audience");
  const [segment, tags, fields, targets] = await Promise.all([
    getSegment({ workspaceId: workspace.id, segmentId: id }).catch((error: unknown) => {
      // Another workspace's segment, or one deleted meanwhile, is simply not found.
      if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
      throw error;
    }),
    loadAllTags(workspace.id),
    loadAllCustomFields(workspace.id),
    loadActivityTargets(workspace.id),
  ]);
  return (
    <SegmentBuilder
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      segment={segment}
      tags={tags}
      targets={targets}
      fields={fields}
    />
  );
}
