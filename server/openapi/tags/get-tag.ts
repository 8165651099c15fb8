import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZTagEnvelope } from "./schemas";

export const getTag: Operation = {
  method: "get",
  path: "/api/v1/tags/{id}",
  operationId: "getTag",
  scope: "read",
  summary: "Get a tag",
  tag,
  params: ZIdParams,
  success: ok("The tag", ZTagEnvelope),
};
