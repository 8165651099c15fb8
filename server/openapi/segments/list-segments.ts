import { offsetPage } from "@/lib/schemas/common";
import { ZListSegmentsQuery, ZSegment } from "@/lib/schemas/segments";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listSegments: Operation = {
  method: "get",
  path: "/api/v1/segments",
  operationId: "listSegments",
  scope: "read",
  summary: "List segments",
  description: "Newest first, offset pagination. Each segment's `contactCount` is counted live.",
  tag,
  query: ZListSegmentsQuery,
  success: ok("A page of segments", offsetPage(ZSegment)),
};
