import { db } from "@/server/db/client";
import { tagNotFound } from "./get-tag";

/** Removes the tag; contacts keep everything else (their tag links go with it). */
export async function deleteTag({ workspaceId, tagId }: { workspaceId: string; tagId: string }) {
  const { count } = await db().tag.deleteMany({ where: { id: tagId, workspaceId } });
  if (count === 0) throw tagNotFound();
}
