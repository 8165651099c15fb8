import { ZIdParams } from "@/lib/schemas/common";
import { created, type Operation } from "../shared";
import { tag, ZAutomationEnvelope } from "./schemas";

export const duplicateAutomation: Operation = {
  method: "post",
  path: "/api/v1/automations/{id}/duplicate",
  operationId: "duplicateAutomation",
  scope: "write",
  summary: "Duplicate an automation",
  description:
    'A new draft named "<name> (copy)" with the same definition and sender, from an automation in any status, ' +
    "with no versions, contacts or counts. The source is not changed.",
  tag,
  params: ZIdParams,
  success: created("The new draft", ZAutomationEnvelope),
};
