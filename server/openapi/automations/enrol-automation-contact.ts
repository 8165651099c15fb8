import { ZIdParams } from "@/lib/schemas/common";
import { created, type Operation } from "../shared";
import { IDEMPOTENCY, ZIdempotencyHeaders } from "../broadcasts/schemas";
import { tag, ZEnrolContactBody, ZEnrolmentEnvelope } from "./schemas";

export const enrolAutomationContact: Operation = {
  method: "post",
  path: "/api/v1/automations/{id}/enrolments",
  operationId: "enrolAutomationContact",
  scope: "write",
  summary: "Enrol a contact",
  description:
    "Puts one contact (`contactId`, or `email`) into an `active` automation at its first step, whatever its " +
    "trigger (the `api` trigger takes contacts only this way). The entry filter does not apply; the re-entry rule " +
    "does. 409 with a detail saying why when the automation is not active, the contact is not subscribed " +
    "(automations send only to subscribed contacts), the contact is in it already, or the re-entry rule keeps " +
    `them out. An \`automation.enrolled\` event follows.\n\n${IDEMPOTENCY}`,
  tag,
  params: ZIdParams,
  headers: ZIdempotencyHeaders,
  body: ZEnrolContactBody,
  success: created("The new enrolment, at the first step", ZEnrolmentEnvelope),
  errors: [409],
  errorDescriptions: {
    404: "No such automation, or no such contact in this workspace",
    409: "Not active, contact not subscribed, already enrolled or kept out by the re-entry rule (the detail says which), or the Idempotency-Key is in use",
    422: "Neither or both of `contactId` and `email`, or an invalid Idempotency-Key",
  },
};
