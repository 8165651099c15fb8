import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZFormEnvelope } from "./schemas";

export const getForm: Operation = {
  method: "get",
  path: "/api/v1/forms/{id}",
  operationId: "getForm",
  scope: "read",
  summary: "Get a form",
  tag,
  params: ZIdParams,
  success: ok("The form", ZFormEnvelope),
};
