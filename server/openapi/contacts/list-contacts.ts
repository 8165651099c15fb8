import { cursorPage } from "@/lib/schemas/common";
import { ZContact, ZListContactsQuery } from "@/lib/schemas/contacts";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listContacts: Operation = {
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
  success: ok("A page of contacts", cursorPage(ZContact)),
};
