import { ZCreateSegment } from "@/lib/schemas/segments";
import { created, type Operation } from "../shared";
import { RULES, tag, ZSegmentEnvelope } from "./schemas";

export const createSegment: Operation = {
  method: "post",
  path: "/api/v1/segments",
  operationId: "createSegment",
  scope: "write",
  summary: "Create a segment",
  description: `A segment is a saved query evaluated live, never a stored list.\n${RULES}`,
  tag,
  body: ZCreateSegment,
  success: created("The new segment with its count", ZSegmentEnvelope),
};
