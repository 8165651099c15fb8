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
    "email.bounced, email.complained.",
  tag,
  params: ZIdParams,
  query: ZActivityQuery,
  success: ok("A page of activity", cursorPage(ZContactActivity)),
};
