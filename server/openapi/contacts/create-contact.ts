import { ZCreateContact } from "@/lib/schemas/contacts";
import { created, type Operation } from "../shared";
import { EVENTS_NOTE, FIELDS_NOTE, tag, ZContactEnvelope } from "./schemas";

export const createContact: Operation = {
  method: "post",
  path: "/api/v1/contacts",
  operationId: "createContact",
  scope: "write",
  summary: "Create a contact",
  description:
    "Source is `api`; status defaults to subscribed. An email that exists (ignoring case) is a 409 unless " +
    "`upsert` is true: then that contact is updated (omitted attributes kept, fields merged, tags added) and the " +
    `answer is 200 instead of 201. ${FIELDS_NOTE} Unknown tag ids are a 422 at \`#/tagIds/<i>\`. ${EVENTS_NOTE}`,
  tag,
  body: ZCreateContact,
  success: created("The new contact", ZContactEnvelope),
  alsoSuccess: { status: 200, description: "`upsert` was true and the existing contact was updated" },
  errors: [409],
};
