// OpenAPI operations of the contacts resource (app/api/v1/contacts).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { cursorPage, ZIdParams } from "@/lib/schemas/common";
import {
  ZActivityQuery,
  ZBatchContacts,
  ZContact,
  ZContactActivity,
  ZContactTagParams,
  ZContactTagsBody,
  ZCreateContact,
  ZListContactsQuery,
  ZUpdateContact,
} from "@/lib/schemas/contacts";
import { registerOperation } from "./registry";

const tag = "Contacts";
const ZContactEnvelope = z.object({ data: ZContact });
const ZBatchResult = z.object({
  data: z.object({
    created: z.int().nonnegative(),
    updated: z.int().nonnegative(),
    skipped: z.int().nonnegative(),
    contacts: z
      .array(ZContact)
      .meta({ description: "Every contact of the request, in request order, duplicates once" }),
  }),
});

const fieldsNote =
  "`fields` are checked against the workspace's custom fields: an unknown key or a value of the wrong type is a 422 " +
  "pointing at `#/fields/<key>`. Numbers, booleans (true/false/yes/no/1/0) and dates may also be sent as strings; " +
  "values are stored normalised (dates as YYYY-MM-DD, select values in the option's spelling). null or a blank " +
  "string removes a value.";
const eventsNote =
  "Every change writes its event (contact.created, contact.updated {changed}, contact.unsubscribed, " +
  "contact.tag_added, contact.tag_removed, contact.deleted) in the same transaction as the change.";

export function registerContacts(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/contacts",
    operationId: "listContacts",
    scope: "read",
    summary: "List contacts",
    description:
      "Newest first (createdAt, then id), cursor pagination: pass `nextCursor` back as `cursor` until it is null. " +
      "The cursor is a keyset position, so contacts added while you page never make a page skip or repeat one, " +
      "and deep pages are as fast as the first. An altered cursor, or an unknown `tagId` or `segmentId`, is a 422 " +
      "pointing at the query parameter. `search` matches email, first, last and full name, ignoring case.",
    tag,
    query: ZListContactsQuery,
    success: { status: 200, description: "A page of contacts", schema: cursorPage(ZContact) },
    errors: [422],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/contacts",
    operationId: "createContact",
    scope: "write",
    summary: "Create a contact",
    description:
      "Source is `api`; status defaults to subscribed. An email that exists (ignoring case) is a 409 unless " +
      "`upsert` is true: then that contact is updated (omitted attributes kept, fields merged, tags added) and the " +
      `answer is 200 instead of 201. ${fieldsNote} Unknown tag ids are a 422 at \`#/tagIds/<i>\`. ${eventsNote}`,
    tag,
    body: ZCreateContact,
    success: { status: 201, description: "The new contact", schema: ZContactEnvelope },
    alsoSuccess: { status: 200, description: "`upsert` was true and the existing contact was updated" },
    errors: [409],
  });
  registerOperation(registry, {
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
      `and updated contact. An update that changes nothing counts as updated but writes no event. ${eventsNote}`,
    tag,
    body: ZBatchContacts,
    success: { status: 200, description: "Counts and the resulting contacts", schema: ZBatchResult },
    errors: [],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/contacts/{id}",
    operationId: "getContact",
    scope: "read",
    summary: "Get a contact",
    tag,
    params: ZIdParams,
    success: { status: 200, description: "The contact", schema: ZContactEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
    method: "patch",
    path: "/api/v1/contacts/{id}",
    operationId: "updateContact",
    scope: "write",
    summary: "Update a contact",
    description:
      "Partial: omitted attributes are kept and `fields` merges into the stored values. A new email must be free " +
      "in the workspace (409). Becoming subscribed sets subscribedAt (and clears unsubscribedAt); becoming " +
      `unsubscribed sets unsubscribedAt and writes contact.unsubscribed. ${fieldsNote}`,
    tag,
    params: ZIdParams,
    body: ZUpdateContact,
    success: { status: 200, description: "The updated contact", schema: ZContactEnvelope },
    errors: [404, 409],
  });
  registerOperation(registry, {
    method: "delete",
    path: "/api/v1/contacts/{id}",
    operationId: "deleteContact",
    scope: "write",
    summary: "Delete (erase) a contact",
    description:
      "GDPR erasure: the contact, its tags, fields and non-email activity are deleted; its email activity " +
      "(sent, opened, clicked…) is kept anonymised so broadcast statistics keep their counts, and its email is " +
      "removed from earlier event payloads. Writes contact.deleted with only the contactId.",
    tag,
    params: ZIdParams,
    success: { status: 204, description: "Erased", schema: null },
    errors: [404],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/contacts/{id}/tags",
    operationId: "addContactTags",
    scope: "write",
    summary: "Add tags to a contact",
    description:
      "Tags the contact already carries are left as they are (no event). An id that is not a tag of this " +
      "workspace is a 422 at `#/tagIds/<i>`, and nothing is added.",
    tag,
    params: ZIdParams,
    body: ZContactTagsBody,
    success: { status: 200, description: "The contact with its tags", schema: ZContactEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
    method: "delete",
    path: "/api/v1/contacts/{id}/tags/{tagId}",
    operationId: "removeContactTag",
    scope: "write",
    summary: "Remove a tag from a contact",
    description:
      "Idempotent: if the contact does not carry the tag the answer is still 200 with the contact unchanged " +
      "(and no event). An unknown contact or tag is a 404.",
    tag,
    params: ZContactTagParams,
    success: { status: 200, description: "The contact with its tags", schema: ZContactEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
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
    success: { status: 200, description: "A page of activity", schema: cursorPage(ZContactActivity) },
    errors: [404, 422],
  });
}
