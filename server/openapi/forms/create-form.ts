import { ZCreateForm } from "@/lib/schemas/forms";
import { created, type Operation } from "../shared";
import { DEFINITION, tag, ZFormEnvelope } from "./schemas";

export const createForm: Operation = {
  method: "post",
  path: "/api/v1/forms",
  operationId: "createForm",
  scope: "write",
  summary: "Create a form",
  description:
    "Creates a `draft`. Only `name` is required: `type` defaults to `inline`, `fields` to one email field, " +
    "`doubleOptIn` to true and `successMessage` to a message that fits it (asking to confirm, or thanking). " +
    DEFINITION,
  tag,
  body: ZCreateForm,
  success: created("The new draft", ZFormEnvelope),
};
