import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteForm: Operation = {
  method: "delete",
  path: "/api/v1/forms/{id}",
  operationId: "deleteForm",
  scope: "write",
  summary: "Delete a form",
  description:
    "In any status. The form is a 404 from then on, here and on its public URLs; its landing-page slug is free " +
    "for another form. Its submissions stay with the contacts they created.",
  tag,
  params: ZIdParams,
  success: noContent(),
};
