import { db } from "@/server/db/client";
import { countStoredRules } from "./count-segment-contacts";
import { loadFieldDefs } from "./field-defs";
import { segmentNotFound, segmentSelect, toSegment } from "./segment-record";

export async function getSegment({ workspaceId, segmentId }: { workspaceId: string; segmentId: string }) {
  const [row, fieldDefs] = await Promise.all([
    db().segment.findFirst({ where: { id: segmentId, workspaceId }, select: segmentSelect }),
    loadFieldDefs(workspaceId),
  ]);
  if (!row) throw segmentNotFound();
  return toSegment(row, await countStoredRules(workspaceId, row.rules, fieldDefs));
}
