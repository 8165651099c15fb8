import { ZIdParams } from "@/lib/schemas/common";
import { created, type Operation } from "../shared";
import { tag, ZFormEnvelope } from "./schemas";

export const duplicateForm: Operation = {
  method: "post",
  path: "/api/v1/forms/{id}/duplicate",
  operationId: "duplicateForm",
  scope: "write",
  summary: "Duplicate a form",
  description:
    'A new draft named "<name> (copy)" with the same definition, from a form in any status, with zero counts ' +
    "and, for a landing page, a new slug. The source is not changed.",
  tag,
  params: ZIdParams,
  success: created("The new draft", ZFormEnvelope),
};
