import { created, type Operation } from "../shared";
import { DEFINITION, tag, ZAutomationEnvelope, ZCreateAutomationBody } from "./schemas";

export const createAutomation: Operation = {
  method: "post",
  path: "/api/v1/automations",
  operationId: "createAutomation",
  scope: "write",
  summary: "Create an automation",
  description:
    "Creates a `draft`; nobody enters until it is activated. `name` is required, and `trigger` unless `template` " +
    "is given: `welcome_series` (a welcome email, two days, a second email to those who did not click), " +
    "`re_engagement` (entered through the API: a we-miss-you email, a week's wait for a click, a last call to " +
    "those who did not open) or `birthday` (an email on the contact's birthday at 9:00 in their zone, on the " +
    "workspace's date field with `birth` in its key, or its first date field: a 422 on `#/template` without one). " +
    "Members given beside `template` replace the template's. " +
    DEFINITION,
  tag,
  body: ZCreateAutomationBody,
  success: created("The new draft", ZAutomationEnvelope),
};
