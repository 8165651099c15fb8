import { ZPreviewSegment } from "@/lib/schemas/segments";
import { ok, type Operation } from "../shared";
import { RULES, tag, ZPreviewResult } from "./schemas";

export const previewSegment: Operation = {
  method: "post",
  path: "/api/v1/segments/preview",
  operationId: "previewSegment",
  scope: "read",
  summary: "Count the contacts of unsaved rules",
  description: `The live count of a segment builder. Validation is the same as on create; nothing is stored. It changes nothing, so a read key may call it.\n${RULES}`,
  tag,
  body: ZPreviewSegment,
  success: ok("The number of matching contacts", ZPreviewResult),
};
