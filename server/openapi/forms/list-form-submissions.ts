import { ZIdParams } from "@/lib/schemas/common";
import { ZListSubmissionsQuery } from "@/lib/schemas/forms";
import { ok, type Operation } from "../shared";
import { tag, ZSubmissionPage } from "./schemas";

export const listFormSubmissions: Operation = {
  method: "get",
  path: "/api/v1/forms/{id}/submissions",
  operationId: "listFormSubmissions",
  scope: "read",
  summary: "List a form's submissions",
  description:
    "Newest first. Offset pagination: `page` ≥ 1, `limit` 1–100 (default 50). `audienceStatus` is the " +
    "contact's status right after submitting (`pending` while a double opt-in waits for confirmation); " +
    "`contactStatus` is the contact's status now (`subscribed` once they confirmed).",
  tag,
  params: ZIdParams,
  query: ZListSubmissionsQuery,
  success: ok("A page of submissions", ZSubmissionPage),
};
