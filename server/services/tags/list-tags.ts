import { db } from "@/server/db/client";
import { preparedSql } from "@/server/db/pool";
import { offsetPage, offsetWindow } from "@/server/http/pagination";
import type { ListTagsQuery } from "@/lib/schemas/tags";
import { toTag, type TagRow } from "./tag-record";

/**
 * Newest first. One query returns the page and the total (`count(*) over ()`); only a page past the end,
 * which has no rows to carry the total, needs a second count. A prepared statement: the API's most read list.
 */
export async function listTags({ workspaceId, query }: { workspaceId: string; query: ListTagsQuery }) {
  const { skip, take } = offsetWindow(query);
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, "\\$&")}%` : null;
  const rows = await preparedSql<TagRow & { total: number }>(
    `SELECT id, "workspaceId", name, color, "contactCount", "createdAt", "updatedAt", count(*) OVER ()::int AS total
       FROM "Tag"
      WHERE "workspaceId" = $1 AND ($2::text IS NULL OR name ILIKE $2)
      ORDER BY "createdAt" DESC, id DESC
      LIMIT $3 OFFSET $4`,
    [workspaceId, search, take, skip],
  );
  const total =
    rows[0]?.total ??
    (skip === 0
      ? 0
      : await db().tag.count({
          where: { workspaceId, ...(query.search ? { name: { contains: query.search, mode: "insensitive" } } : {}) },
        }));
  return offsetPage(rows.map(toTag), total, query);
}
