import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZAutomationEnvelope } from "./schemas";

export const getAutomation: Operation = {
  method: "get",
  path: "/api/v1/automations/{id}",
  operationId: "getAutomation",
  scope: "read",
  summary: "Get an automation",
  description: "The editable definition, its status, the published `version` new contacts enter, and its run counts.",
  tag,
  params: ZIdParams,
  success: ok("The automation", ZAutomationEnvelope),
};
