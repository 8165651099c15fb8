import { ZCreateCustomField } from "@/lib/schemas/custom-fields";
import { created, type Operation } from "../shared";
import { tag, ZCustomFieldEnvelope } from "./schemas";

export const createCustomField: Operation = {
  method: "post",
  path: "/api/v1/custom-fields",
  operationId: "createCustomField",
  scope: "write",
  summary: "Define a custom field",
  description:
    "`key` is the stable name used in contact `fields`, segment rules and merge tags: unique per workspace " +
    "(409), immutable, and not one of the reserved names of built-in attributes (email, first_name, status…). " +
    "`options` are required for select fields (unique ignoring case) and refused for other types.",
  tag,
  body: ZCreateCustomField,
  success: created("The new custom field", ZCustomFieldEnvelope),
  errors: [409],
};
