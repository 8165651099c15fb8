import { ok, stateMove } from "../shared";
import { tag, ZAutomationEnvelope } from "./schemas";

export const pauseAutomation = stateMove({
  path: "/api/v1/automations/{id}/pause",
  operationId: "pauseAutomation",
  summary: "Pause an automation",
  description:
    "From `active` only. Nobody enters while it is paused, and contacts inside stay at their step (delays and " +
    "waits that end meanwhile are taken when it is activated again). Any other status is a 409 naming it.",
  tag,
  success: ok("The paused automation", ZAutomationEnvelope),
  conflict: "Not active; the detail names the status",
});
