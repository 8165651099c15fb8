import { ZEnrolmentParams } from "@/server/services/automations/enrolments";
import { ok, type Operation } from "../shared";
import { tag, ZEnrolmentEnvelope } from "./schemas";

export const getAutomationEnrolment: Operation = {
  method: "get",
  path: "/api/v1/automations/{id}/enrolments/{runId}",
  operationId: "getAutomationEnrolment",
  scope: "read",
  summary: "Get an enrolment",
  description:
    "One contact's pass through the automation: the step they are at and when it is taken next, or how they " +
    "finished.",
  tag,
  params: ZEnrolmentParams,
  success: ok("The enrolment", ZEnrolmentEnvelope),
  errorDescriptions: { 404: "No such automation, or no such enrolment in it" },
};
