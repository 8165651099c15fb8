import { ZEnrolmentParams } from "@/server/services/automations/enrolments";
import { ok, type Operation } from "../shared";
import { tag, ZEnrolmentEnvelope } from "./schemas";

export const removeAutomationEnrolment: Operation = {
  method: "delete",
  path: "/api/v1/automations/{id}/enrolments/{runId}",
  operationId: "removeAutomationEnrolment",
  scope: "write",
  summary: "Remove a contact from an automation",
  description:
    "Takes the contact out now: the enrolment is `exited` with `exitReason` `removed`, and an `automation.exited` " +
    "event follows. An enrolment that already finished is answered unchanged. The contact may enter again as the " +
    "re-entry rule allows.",
  tag,
  params: ZEnrolmentParams,
  success: ok("The enrolment, finished", ZEnrolmentEnvelope),
  errorDescriptions: { 404: "No such automation, or no such enrolment in it" },
};
