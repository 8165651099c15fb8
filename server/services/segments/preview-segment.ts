import type { SegmentRules } from "@/lib/schemas/segments";
import { countRules } from "./count-segment-contacts";
import { validateSegmentRules } from "./validate-rules";

/** The live count while a segment is being built: the same validation as create, nothing stored. */
export async function previewSegment({ workspaceId, rules }: { workspaceId: string; rules: SegmentRules }) {
  const fieldDefs = await validateSegmentRules({ workspaceId, rules });
  return { contactCount: await countRules(workspaceId, rules, fieldDefs) };
}
