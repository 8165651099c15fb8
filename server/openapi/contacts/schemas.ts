// The contacts resource (app/api/v1/contacts): its tag, its answers' schemas and the notes several operations
// share, for the operations beside this file.
import { z } from "zod";
import { ZContact } from "@/lib/schemas/contacts";
import { dataEnvelope } from "../shared";

export const tag = "Contacts";
export const ZContactEnvelope = dataEnvelope(ZContact);
export const ZBatchResult = z.object({
  data: z.object({
    created: z.int().nonnegative(),
    updated: z.int().nonnegative(),
    skipped: z.int().nonnegative(),
    contacts: z
      .array(ZContact)
      .meta({ description: "Every contact of the request, in request order, duplicates once" }),
  }),
});

export const FIELDS_NOTE =
  "`fields` are checked against the workspace's custom fields: an unknown key or a value of the wrong type is a 422 " +
  "pointing at `#/fields/<key>`. Numbers, booleans (true/false/yes/no/1/0) and dates may also be sent as strings; " +
  "values are stored normalised (dates as YYYY-MM-DD, select values in the option's spelling). null or a blank " +
  "string removes a value.";
export const EVENTS_NOTE =
  "Every change writes its event (contact.created, contact.updated {changed}, contact.unsubscribed, " +
  "contact.tag_added, contact.tag_removed, contact.deleted) in the same transaction as the change.";
