import "server-only";
// Pickers and filters need every tag, custom field and segment, but the services page them (at most 100 a page).
// The caps keep a runaway workspace from stalling a page; past them the lists are truncated.
import { listTags } from "@/server/services/tags/list-tags";
import { listCustomFields } from "@/server/services/custom-fields/list-custom-fields";
import { listSegments } from "@/server/services/segments/list-segments";
import type { Tag } from "@/lib/schemas/tags";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";

const MAX_PAGES = 10;

async function collect<T>(load: (page: number) => Promise<{ data: T[]; totalPages: number }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await load(page);
    all.push(...result.data);
    if (page >= result.totalPages) break;
  }
  return all;
}

/** By name, so pickers read alphabetically. */
export async function loadAllTags(workspaceId: string): Promise<Tag[]> {
  const tags = await collect((page) => listTags({ workspaceId, query: { page, limit: 100 } }));
  return tags.sort((a, b) => a.name.localeCompare(b.name));
}

export async function loadAllCustomFields(workspaceId: string): Promise<CustomField[]> {
  return collect((page) => listCustomFields({ workspaceId, query: { page, limit: 100 } }));
}

/** Segment names and ids only matter to the filter; counting each one is the list service's cost to pay. */
export async function loadAllSegments(workspaceId: string): Promise<Segment[]> {
  return collect((page) => listSegments({ workspaceId, query: { page, limit: 100 } }));
}
