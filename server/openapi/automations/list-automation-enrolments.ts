import { ZListEnrolmentsQuery } from "@/lib/schemas/automations";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZEnrolmentPage } from "./schemas";

export const listAutomationEnrolments: Operation = {
  method: "get",
  path: "/api/v1/automations/{id}/enrolments",
  operationId: "listAutomationEnrolments",
  scope: "read",
  summary: "List an automation's enrolments",
  description:
    "Every contact's pass through the automation (a contact who entered twice has two), newest first: where they " +
    "are (`stepId`, and `dueAt`, when that step is taken next), or how they finished (`completed`, or `exited` " +
    "with `exitReason`). Filter by `status`, `stepId` and `contactId`. Cursor pagination: `limit` 1–100 " +
    "(default 20) and the previous page's `nextCursor`.",
  tag,
  params: ZIdParams,
  query: ZListEnrolmentsQuery,
  success: ok("A page of enrolments", ZEnrolmentPage),
};
