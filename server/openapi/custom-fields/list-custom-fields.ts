import { offsetPage } from "@/lib/schemas/common";
import { ZCustomField, ZListCustomFieldsQuery } from "@/lib/schemas/custom-fields";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listCustomFields: Operation = {
  method: "get",
  path: "/api/v1/custom-fields",
  operationId: "listCustomFields",
  scope: "read",
  summary: "List custom fields",
  description: "Oldest first (the order they were defined in), offset pagination.",
  tag,
  query: ZListCustomFieldsQuery,
  success: ok("A page of custom fields", offsetPage(ZCustomField)),
};
