// The one mapping from a Tag row to the API's Tag (the OpenAPI schema Tag).
import type { Tag } from "@/lib/schemas/tags";
import { TAG_PALETTE } from "@/lib/schemas/tags";

export const tagSelect = {
  id: true,
  workspaceId: true,
  name: true,
  color: true,
  contactCount: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type TagRow = {
  id: string;
  workspaceId: string;
  name: string;
  color: string;
  contactCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export function toTag(row: TagRow): Tag {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    color: row.color,
    count: row.contactCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stable colour for a name, so a tag keeps its colour when recreated. */
export function defaultTagColor(name: string): string {
  let h = 0;
  for (const ch of name.toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return TAG_PALETTE[h % TAG_PALETTE.length]!;
}

export const tagNameKey = (name: string) => name.trim().toLowerCase();
