import { cursorPage, ZIdParams } from "@/lib/schemas/common";
import { ZContact } from "@/lib/schemas/contacts";
import { ZSegmentContactsQuery } from "@/lib/schemas/segments";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listSegmentContacts: Operation = {
  method: "get",
  path: "/api/v1/segments/{id}/contacts",
  operationId: "listSegmentContacts",
  scope: "read",
  summary: "List a segment's contacts",
  description: "The contacts matching the rules now, newest first, cursor pagination (`nextCursor` null at the end).",
  tag,
  params: ZIdParams,
  query: ZSegmentContactsQuery,
  success: ok("A page of contacts", cursorPage(ZContact)),
};
