import { ok, stateMove } from "../shared";
import { tag, ZFormEnvelope } from "./schemas";

/** Idempotent, so no status is refused (no 409), as for broadcasts. */
export const archiveForm = stateMove({
  path: "/api/v1/forms/{id}/archive",
  operationId: "archiveForm",
  summary: "Archive a form",
  description:
    "From `draft` or `published`: `archived`, off the public URLs (`publishedAt` null) and read-only until " +
    "unarchived. Archiving an archived form answers it unchanged (200, its first `archivedAt` kept).",
  tag,
  success: ok("The archived form", ZFormEnvelope),
});
