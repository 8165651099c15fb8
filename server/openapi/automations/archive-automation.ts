import { ok, stateMove } from "../shared";
import { tag, ZAutomationEnvelope } from "./schemas";

/** Idempotent, so no status is refused (no 409), as for broadcasts and forms. */
export const archiveAutomation = stateMove({
  path: "/api/v1/automations/{id}/archive",
  operationId: "archiveAutomation",
  summary: "Archive an automation",
  description:
    "From any status, for good: nobody enters again and every contact inside leaves now (exit reason `archived`, " +
    "an `automation.exited` event each). Its history and analytics stay; it can still be duplicated. Archiving " +
    "an archived automation answers it unchanged.",
  tag,
  success: ok("The archived automation", ZAutomationEnvelope),
});
