import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateForm } from "@/lib/schemas/forms";
import { ok, type Operation } from "../shared";
import { DEFINITION, tag, ZFormEnvelope } from "./schemas";

export const updateForm: Operation = {
  method: "patch",
  path: "/api/v1/forms/{id}",
  operationId: "updateForm",
  scope: "write",
  summary: "Update a form",
  description:
    "Changes the fields sent (null clears an optional one; `fields`, `styles`, `display` and `landingPageMeta` " +
    "are replaced whole). A published form changes live. An archived form is read-only: 409, unarchive it " +
    `first. ${DEFINITION}`,
  tag,
  params: ZIdParams,
  body: ZUpdateForm,
  success: ok("The updated form", ZFormEnvelope),
  errors: [409],
  errorDescriptions: { 409: "The form is archived; the detail says so" },
};
