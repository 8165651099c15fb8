import { offsetPage } from "@/lib/schemas/common";
import { ZListTagsQuery, ZTag } from "@/lib/schemas/tags";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const listTags: Operation = {
  method: "get",
  path: "/api/v1/tags",
  operationId: "listTags",
  scope: "read",
  summary: "List tags",
  description: "Newest first, offset pagination. `count` is the number of contacts carrying each tag.",
  tag,
  query: ZListTagsQuery,
  success: ok("A page of tags", offsetPage(ZTag)),
};
