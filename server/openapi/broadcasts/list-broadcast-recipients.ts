// Who stands behind a broadcast's numbers: a cursor page, like contacts.
import { ZBroadcastRecipient, ZRecipientListQuery } from "@/lib/schemas/broadcast-recipients";
import { cursorPage, ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listBroadcastRecipients: Operation = {
  method: "get",
  path: "/api/v1/broadcasts/{id}/recipients",
  operationId: "listBroadcastRecipients",
  scope: "read",
  summary: "List a broadcast's recipients and what each did",
  description:
    "Every recipient in address order (then id) with their state (the latest step: complained, unsubscribed, " +
    "bounced, clicked, opened, delivered, sent, failed or pending) and when each step happened. `status` keeps " +
    "those who did one thing (`opened` includes those who only clicked; `not_opened` is those sent who did not " +
    "open; `suppressed` is those whose bounce or complaint made a deliverability rule suppress the contact, named " +
    "in `suppressedBy`), `search` matches the address or the contact's name ignoring case, `url` keeps the clickers of one " +
    "link (a `topLinks` url of the analytics). Cursor pagination: pass `nextCursor` back as `cursor` until it is " +
    "null; an altered cursor is a 422.",
  tag,
  params: ZIdParams,
  query: ZRecipientListQuery,
  success: ok("A page of recipients", cursorPage(ZBroadcastRecipient)),
};
