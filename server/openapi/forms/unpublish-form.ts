import { ok, stateMove } from "../shared";
import { tag, ZFormEnvelope } from "./schemas";

export const unpublishForm = stateMove({
  path: "/api/v1/forms/{id}/unpublish",
  operationId: "unpublishForm",
  summary: "Unpublish a form",
  description:
    "From `published` only: back to `draft`, `publishedAt` null; the public URLs answer 404 at once. Any other " +
    "status is a 409 naming it.",
  tag,
  success: ok("The form, a draft again", ZFormEnvelope),
  conflict: "The form's status does not allow this move; the detail names it",
});
