import { ZListBroadcastsQuery } from "@/lib/schemas/broadcasts";
import { ok, type Operation } from "../shared";
import { tag, ZBroadcastPage } from "./schemas";

export const listBroadcasts: Operation = {
  method: "get",
  path: "/api/v1/broadcasts",
  operationId: "listBroadcasts",
  scope: "read",
  summary: "List broadcasts",
  description:
    "Filter by `status`, `search` (name and subject), `from`/`to` (created; a day or a date-time) and `archived` " +
    "(default false: archived broadcasts are listed only with `archived=true`). Sort by `sortBy` (createdAt, " +
    "updatedAt, name, scheduledAt, sentCount; broadcasts without scheduledAt come last) and `order` (default " +
    "createdAt desc). Both pagination styles in one answer: `page` and `limit` (offset), or `cursor` (from a " +
    "previous `nextCursor`; it stays stable while broadcasts are added), one at a time: `page` with `cursor` is " +
    "a 422 at `#/query/page`. A cursor only works with the sort and order it came from. Any invalid value is a " +
    "422 naming the parameter.",
  tag,
  query: ZListBroadcastsQuery,
  success: ok("A page of broadcasts", ZBroadcastPage),
};
