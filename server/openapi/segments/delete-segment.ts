import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteSegment: Operation = {
  method: "delete",
  path: "/api/v1/segments/{id}",
  operationId: "deleteSegment",
  scope: "write",
  summary: "Delete a segment",
  description: "Only the rules go; no contact is changed.",
  tag,
  params: ZIdParams,
  success: noContent(),
};
