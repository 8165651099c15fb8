import { db } from "@/server/db/client";
import type { CreateSegment } from "@/lib/schemas/segments";
import { countRules } from "./count-segment-contacts";
import { descriptionOf, segmentSelect, toSegment } from "./segment-record";
import { validateSegmentRules } from "./validate-rules";

export async function createSegment({ workspaceId, input }: { workspaceId: string; input: CreateSegment }) {
  const fieldDefs = await validateSegmentRules({ workspaceId, rules: input.rules });
  const row = await db().segment.create({
    data: { workspaceId, name: input.name, description: descriptionOf(input.description), rules: input.rules },
    select: segmentSelect,
  });
  return toSegment(row, await countRules(workspaceId, input.rules, fieldDefs));
}
