import { db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/errors";
import type { UpdateTag } from "@/lib/schemas/tags";
import { tagNameKey, tagSelect, toTag } from "./tag-record";
import { tagNameTaken } from "./create-tag";
import { tagNotFound } from "./get-tag";

export async function updateTag({
  workspaceId,
  tagId,
  input,
}: {
  workspaceId: string;
  tagId: string;
  input: UpdateTag;
}) {
  const data = {
    ...(input.name !== undefined ? { name: input.name, nameKey: tagNameKey(input.name) } : {}),
    ...(input.color !== undefined ? { color: input.color } : {}),
  };
  try {
    // updateMany carries the workspace filter, so another workspace's id changes nothing and reads as not found.
    const { count } = await db().tag.updateMany({ where: { id: tagId, workspaceId }, data });
    if (count === 0) throw tagNotFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw tagNameTaken(input.name ?? "");
    throw error;
  }
  const row = await db().tag.findFirst({ where: { id: tagId, workspaceId }, select: tagSelect });
  if (!row) throw tagNotFound();
  return toTag(row);
}
