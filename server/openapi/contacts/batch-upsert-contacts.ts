import { ZBatchContacts } from "@/lib/schemas/contacts";
import { ok, type Operation } from "../shared";
import { EVENTS_NOTE, tag, ZBatchResult } from "./schemas";

export const batchUpsertContacts: Operation = {
  method: "post",
  path: "/api/v1/contacts/batch",
  operationId: "batchUpsertContacts",
  scope: "write",
  summary: "Create or update up to 1,000 contacts",
  description:
    "All or nothing: every row is validated first and any invalid row answers 422 with pointers such as " +
    "`#/contacts/5/email` or `#/contacts/5/fields/plan`, writing nothing. Otherwise one transaction upserts " +
    "every row by email. `updateExisting: false` leaves existing contacts untouched (counted as skipped, still " +
    "listed). An email repeated in the request: the last row wins, counted once. `tagIds` go on every created " +
    `and updated contact. An update that changes nothing counts as updated but writes no event. ${EVENTS_NOTE}`,
  tag,
  body: ZBatchContacts,
  success: ok("Counts and the resulting contacts", ZBatchResult),
};
