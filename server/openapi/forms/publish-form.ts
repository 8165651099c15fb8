import { ok, stateMove } from "../shared";
import { tag, ZFormEnvelope } from "./schemas";

export const publishForm = stateMove({
  path: "/api/v1/forms/{id}/publish",
  operationId: "publishForm",
  summary: "Publish a form",
  description:
    "From `draft` only (an archived form is unarchived first). Sets `publishedAt`; the embed URL and the landing " +
    "page answer from the next request. Any other status is a 409 naming it.",
  tag,
  success: ok("The published form", ZFormEnvelope),
  conflict: "The form's status does not allow this move; the detail names it",
});
