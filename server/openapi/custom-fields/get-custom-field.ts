import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZCustomFieldEnvelope } from "./schemas";

export const getCustomField: Operation = {
  method: "get",
  path: "/api/v1/custom-fields/{id}",
  operationId: "getCustomField",
  scope: "read",
  summary: "Get a custom field",
  tag,
  params: ZIdParams,
  success: ok("The custom field", ZCustomFieldEnvelope),
};
