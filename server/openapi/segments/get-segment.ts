import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZSegmentEnvelope } from "./schemas";

export const getSegment: Operation = {
  method: "get",
  path: "/api/v1/segments/{id}",
  operationId: "getSegment",
  scope: "read",
  summary: "Get a segment",
  tag,
  params: ZIdParams,
  success: ok("The segment with its live count", ZSegmentEnvelope),
};
