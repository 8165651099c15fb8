import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteCustomField: Operation = {
  method: "delete",
  path: "/api/v1/custom-fields/{id}",
  operationId: "deleteCustomField",
  scope: "write",
  summary: "Delete a custom field",
  description:
    "Also removes the field's value from every contact, in the same transaction. No per-contact events are written.",
  tag,
  params: ZIdParams,
  success: noContent(),
};
