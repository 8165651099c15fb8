import { cursorPage, ZIdParams } from "@/lib/schemas/common";
import { ZActivityQuery, ZContactActivity } from "@/lib/schemas/contacts";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listContactActivity: Operation = {
  method: "get",
  path: "/api/v1/contacts/{id}/activity",
  operationId: "listContactActivity",
  scope: "read",
  summary: "List a contact's activity",
  description:
    "Newest first, cursor pagination. Types: subscribed, unsubscribed, form.submitted, tag.added, tag.removed, " +
    "field.changed (`data: {field, from, to}`), and email.sent, email.delivered, email.opened, email.clicked, " +
    "email.bounced, email.complained. A bounce's `data` is `{bounceType, source, rule?, softBounces?, windowDays?, " +
    "detail?}` and a complaint's `{source, rule?}`: `source` is where the report came from (resend, ses, postmark, " +
    "sendgrid, mailgun, mailbox), `rule` the deliverability rule that suppressed the contact (hard_bounce, " +
    "soft_bounces, complaint; absent when none did, e.g. an unsubscribed contact's hard bounce), `softBounces` the " +
    "contact's soft bounces (of different messages) within the workspace's window of `windowDays` days, `detail` " +
    "the receiving server's status and diagnostic.",
  tag,
  params: ZIdParams,
  query: ZActivityQuery,
  success: ok("A page of activity", cursorPage(ZContactActivity)),
};
