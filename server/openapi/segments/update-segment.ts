import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateSegment } from "@/lib/schemas/segments";
import { ok, type Operation } from "../shared";
import { tag, ZSegmentEnvelope } from "./schemas";

export const updateSegment: Operation = {
  method: "patch",
  path: "/api/v1/segments/{id}",
  operationId: "updateSegment",
  scope: "write",
  summary: "Update a segment",
  description: "Send any of `name`, `description` (null clears it) and `rules` (replaced whole).",
  tag,
  params: ZIdParams,
  body: ZUpdateSegment,
  success: ok("The updated segment", ZSegmentEnvelope),
};
