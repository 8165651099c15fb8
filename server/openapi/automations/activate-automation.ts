import { ok, stateMove, type Operation } from "../shared";
import { CHECKLIST, tag, ZAutomationEnvelope } from "./schemas";

export const activateAutomation: Operation = {
  ...stateMove({
    path: "/api/v1/automations/{id}/activate",
    operationId: "activateAutomation",
    summary: "Activate or resume an automation",
    description:
      "From `draft`: publishes the definition as version 1 and lets contacts in from now on (the trigger's events " +
      "from this moment; nobody is entered for the past). From `paused`: resumes, contacts held at their step go " +
      `on. ${CHECKLIST} Any other status is a 409 naming it.`,
    tag,
    success: ok("The active automation", ZAutomationEnvelope),
    conflict: "Already active, or archived; the detail names the status",
  }),
  errorDescriptions: {
    409: "Already active, or archived; the detail names the status",
    422: "Not ready: every checklist problem listed with a pointer into the definition (or `#/workspace/postalAddress`)",
  },
};
