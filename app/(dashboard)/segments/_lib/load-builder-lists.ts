// What the segment builder's pickers choose from, loaded once for both of its pages (a new segment, an existing one).
import "server-only";
import { loadAllCustomFields, loadAllTags } from "@/server/services/workspace-lists/load-all";
import { loadActivityTargets } from "./load-activity-targets";

export async function loadBuilderLists(workspaceId: string) {
  const [tags, fields, targets] = await Promise.all([
    loadAllTags(workspaceId),
    loadAllCustomFields(workspaceId),
    loadActivityTargets(workspaceId),
  ]);
  return { tags, fields, targets };
}
