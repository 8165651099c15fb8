import { ZIdParams } from "@/lib/schemas/common";
import { noContent, type Operation } from "../shared";
import { tag } from "./schemas";

export const deleteContact: Operation = {
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
  success: noContent("Erased"),
};
