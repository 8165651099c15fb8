import type { Metadata } from "next";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadAllCustomFields, loadAllTags } from "@/server/services/workspace-lists/load-all";
import { SegmentBuilder } from "../_components/segment-builder";
import { loadActivityTargets } from "../_lib/load-activity-targets";

export const metadata: Metadata = { title: "New segment" };

export default async function NewSegmentPage() {
  const { workspace } = await dashboardContext("audience.write");
  const [tags, fields, targets] = await Promise.all([
    loadAllTags(workspace.id),
    loadAllCustomFields(workspace.id),
    loadActivityTargets(workspace.id),
  ]);
  return (
    <SegmentBuilder
      key={workspace.id}
      workspaceId={workspace.id}
      segment={null}
      tags={tags}
      fields={fields}
      targets={targets}
    />
  );
}
