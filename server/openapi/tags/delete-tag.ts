import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteTag: Operation = {
  method: "delete",
  path: "/api/v1/tags/{id}",
  operationId: "deleteTag",
  scope: "write",
  summary: "Delete a tag",
  description: "Contacts keep everything else; only their link to this tag goes.",
  tag,
  params: ZIdParams,
  success: noContent(),
};
