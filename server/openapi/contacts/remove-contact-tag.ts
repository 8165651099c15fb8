import { ZContactTagParams } from "@/lib/schemas/contacts";
import { ok, type Operation } from "../shared";
import { tag, ZContactEnvelope } from "./schemas";

export const removeContactTag: Operation = {
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
  success: ok("The contact with its tags", ZContactEnvelope),
};
