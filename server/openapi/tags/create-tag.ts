import { ZCreateTag } from "@/lib/schemas/tags";
import { created, type Operation } from "../shared";
import { tag, ZTagEnvelope } from "./schemas";

export const createTag: Operation = {
  method: "post",
  path: "/api/v1/tags",
  operationId: "createTag",
  scope: "write",
  summary: "Create a tag",
  description: "Names are unique per workspace, ignoring case. Without `color`, a colour from a palette is chosen.",
  tag,
  body: ZCreateTag,
  success: created("The new tag", ZTagEnvelope),
  errors: [409],
};
