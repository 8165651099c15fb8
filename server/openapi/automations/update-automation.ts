import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { ZPatchAutomation } from "@/server/services/automations/update-automation";
import { CHECKLIST, DEFINITION, tag, ZAutomationEnvelope } from "./schemas";

export const updateAutomation: Operation = {
  method: "patch",
  path: "/api/v1/automations/{id}",
  operationId: "updateAutomation",
  scope: "write",
  summary: "Update an automation",
  description:
    "Changes the members sent (null clears an optional one; `steps`, `trigger`, `entryFilter` and `reentry` are " +
    "replaced whole). A draft is saved as it is. An active or paused automation publishes the result as a new " +
    "version at once: contacts inside continue by step id with the new definition of their step, and contacts on " +
    "a step that no longer exists leave it (exit reason `step_removed`); an email step whose content and sender " +
    "did not change keeps its statistics. An archived automation is read-only: 409. " +
    `${DEFINITION} ${CHECKLIST}`,
  tag,
  params: ZIdParams,
  body: ZPatchAutomation,
  success: ok("The updated automation", ZAutomationEnvelope),
  errors: [409],
  errorDescriptions: {
    409: "The automation is archived, or it changed while this edit was saved; the detail says which",
  },
};
