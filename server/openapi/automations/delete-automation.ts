import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteAutomation: Operation = {
  method: "delete",
  path: "/api/v1/automations/{id}",
  operationId: "deleteAutomation",
  scope: "write",
  summary: "Delete a draft automation",
  description:
    "Only a `draft` (never activated, so nobody ever entered it) is deleted; an automation that ran keeps its " +
    "history: archive it instead (409 otherwise).",
  tag,
  params: ZIdParams,
  success: noContent(),
  errors: [409],
  errorDescriptions: { 409: "Not a draft; the detail names its status" },
};
