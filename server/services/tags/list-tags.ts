import { db } from "@/server/db/client";
import { offsetPage, offsetWindow } from "@/server/http/pagination";
import type { ListTagsQuery } from "@/lib/schemas/tags";
import { tagSelect, toTag } from "./tag-record";

export async function listTags({ workspaceId, query }: { workspaceId: string; query: ListTagsQuery }) {
  const where = {
    workspaceId,
    ...(query.search ? { name: { contains: query.search, mode: "insensitive" as const } } : {}),
  };
  const [rows, total] = await Promise.all([
    db().tag.findMany({ where, select: tagSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...offsetWindow(query) }),
    db().tag.count({ where }),
  ]);
  return offsetPage(rows.map(toTag), total, query);
}
