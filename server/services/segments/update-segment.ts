import { db } from "@/server/db/client";
import type { UpdateSegment } from "@/lib/schemas/segments";
import { countStoredRules } from "./count-segment-contacts";
import { loadFieldDefs } from "./field-defs";
import { descriptionOf, segmentNotFound, segmentSelect, toSegment } from "./segment-record";
import { validateSegmentRules } from "./validate-rules";

export async function updateSegment({
  workspaceId,
  segmentId,
  input,
}: {
  workspaceId: string;
  segmentId: string;
  input: UpdateSegment;
}) {
  // Not found wins over invalid rules: another workspace's id must not reveal anything about its rules' validity.
  const exists = await db().segment.findFirst({ where: { id: segmentId, workspaceId }, select: { id: true } });
  if (!exists) throw segmentNotFound();
  const fieldDefs = input.rules
    ? await validateSegmentRules({ workspaceId, rules: input.rules })
    : await loadFieldDefs(workspaceId);
  const data = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: descriptionOf(input.description) } : {}),
    ...(input.rules !== undefined ? { rules: input.rules } : {}),
  };
  // updateMany carries the workspace filter; a segment deleted meanwhile reads as not found.
  const { count } = await db().segment.updateMany({ where: { id: segmentId, workspaceId }, data });
  if (count === 0) throw segmentNotFound();
  const row = await db().segment.findFirst({ where: { id: segmentId, workspaceId }, select: segmentSelect });
  if (!row) throw segmentNotFound();
  return toSegment(row, await countStoredRules(workspaceId, row.rules, fieldDefs));
}
