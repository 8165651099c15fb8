import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateCustomField } from "@/lib/schemas/custom-fields";
import { ok, type Operation } from "../shared";
import { tag, ZCustomFieldEnvelope } from "./schemas";

export const updateCustomField: Operation = {
  method: "patch",
  path: "/api/v1/custom-fields/{id}",
  operationId: "updateCustomField",
  scope: "write",
  summary: "Update a custom field",
  description:
    "The label can always change. `key` cannot (422). The type can change only while no contact holds a value " +
    "for the field (422 otherwise); changing to select needs options, leaving select drops them. New options may " +
    "not drop a value that contacts hold (422 listing them).",
  tag,
  params: ZIdParams,
  body: ZUpdateCustomField,
  success: ok("The updated custom field", ZCustomFieldEnvelope),
};
