import { db } from "@/server/db/client";
import type { FieldError } from "@/server/errors";
import type { Tx } from "@/server/events/record-event";

/**
 * One 422 entry per id that is not a tag of this workspace, pointing at its index (`#/tagIds/2`). Inside a
 * transaction pass its client: the embedded database serialises connections, so a second one would wait on it.
 */
export async function tagIdErrors(
  workspaceId: string,
  tagIds: string[],
  { pointer = "#/tagIds", client = db() }: { pointer?: string; client?: Tx } = {},
): Promise<FieldError[]> {
  if (tagIds.length === 0) return [];
  const found = await client.tag.findMany({ where: { workspaceId, id: { in: tagIds } }, select: { id: true } });
  const known = new Set(found.map((t) => t.id));
  return tagIds.flatMap((id, i) =>
    known.has(id) ? [] : [{ pointer: `${pointer}/${i}`, detail: "No tag with this id exists in this workspace." }],
  );
}
