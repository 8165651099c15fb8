import { db } from "@/server/db/client";
import { AppError, isUniqueViolation } from "@/server/errors";
import type { CreateTag } from "@/lib/schemas/tags";
import { defaultTagColor, tagNameKey, tagSelect, toTag } from "./tag-record";

export async function createTag({ workspaceId, input }: { workspaceId: string; input: CreateTag }) {
  try {
    const row = await db().tag.create({
      data: {
        workspaceId,
        name: input.name,
        nameKey: tagNameKey(input.name),
        color: input.color ?? defaultTagColor(input.name),
      },
      select: tagSelect,
    });
    return toTag(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw tagNameTaken(input.name);
    throw error;
  }
}

export function tagNameTaken(name: string) {
  return new AppError("CONFLICT", `A tag named "${name}" already exists in this workspace.`, [
    { pointer: "#/name", detail: "Tag names are unique per workspace, ignoring case." },
  ]);
}
