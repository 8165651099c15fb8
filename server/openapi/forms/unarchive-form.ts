import { ok, stateMove } from "../shared";
import { tag, ZFormEnvelope } from "./schemas";

/** Idempotent, so no status is refused (no 409). */
export const unarchiveForm = stateMove({
  path: "/api/v1/forms/{id}/unarchive",
  operationId: "unarchiveForm",
  summary: "Unarchive a form",
  description:
    "From `archived`: back to `draft` (publish it again to put it live). Unarchiving a form that is not archived " +
    "answers it unchanged (200).",
  tag,
  success: ok("The form, a draft", ZFormEnvelope),
});
