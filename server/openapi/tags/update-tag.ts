import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateTag } from "@/lib/schemas/tags";
import { ok, type Operation } from "../shared";
import { tag, ZTagEnvelope } from "./schemas";

export const updateTag: Operation = {
  method: "patch",
  path: "/api/v1/tags/{id}",
  operationId: "updateTag",
  scope: "write",
  summary: "Rename or recolour a tag",
  tag,
  params: ZIdParams,
  body: ZUpdateTag,
  success: ok("The updated tag", ZTagEnvelope),
  errors: [409],
};
