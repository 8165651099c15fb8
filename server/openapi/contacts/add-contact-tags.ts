import { ZIdParams } from "@/lib/schemas/common";
import { ZContactTagsBody } from "@/lib/schemas/contacts";
import { ok, type Operation } from "../shared";
import { tag, ZContactEnvelope } from "./schemas";

export const addContactTags: Operation = {
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
  success: ok("The contact with its tags", ZContactEnvelope),
};
