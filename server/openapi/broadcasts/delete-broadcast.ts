import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteBroadcast: Operation = {
  method: "delete",
  path: "/api/v1/broadcasts/{id}",
  operationId: "deleteBroadcast",
  scope: "write",
  summary: "Delete a draft",
  description:
    "Only drafts can be deleted (409 otherwise): cancel a scheduled one first; sent broadcasts keep their " +
    "statistics and can be archived instead.",
  tag,
  params: ZIdParams,
  success: noContent(),
  errors: [409],
  errorDescriptions: { 409: "Not a draft; the detail names its status" },
};
