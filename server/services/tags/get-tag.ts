import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { tagSelect, toTag } from "./tag-record";

export async function getTag({ workspaceId, tagId }: { workspaceId: string; tagId: string }) {
  const row = await db().tag.findFirst({ where: { id: tagId, workspaceId }, select: tagSelect });
  if (!row) throw tagNotFound();
  return toTag(row);
}

export const tagNotFound = () => new AppError("NOT_FOUND", "Tag not found.");
