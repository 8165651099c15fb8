import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateContact } from "@/lib/schemas/contacts";
import { ok, type Operation } from "../shared";
import { FIELDS_NOTE, tag, ZContactEnvelope } from "./schemas";

export const updateContact: Operation = {
  method: "patch",
  path: "/api/v1/contacts/{id}",
  operationId: "updateContact",
  scope: "write",
  summary: "Update a contact",
  description:
    "Partial: omitted attributes are kept and `fields` merges into the stored values. A new email must be free " +
    "in the workspace (409). Becoming subscribed sets subscribedAt (and clears unsubscribedAt); becoming " +
    `unsubscribed sets unsubscribedAt and writes contact.unsubscribed. ${FIELDS_NOTE}`,
  tag,
  params: ZIdParams,
  body: ZUpdateContact,
  success: ok("The updated contact", ZContactEnvelope),
  errors: [409],
};
