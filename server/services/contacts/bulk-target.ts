// The contacts a bulk change or a count is about, as one SQL condition over the alias `c` of "Contact": the same
// filter SQL as the contacts list (contact-filter.ts), so "318 of 12,408 match" and the 318 changed agree.
import { Prisma } from "@/server/db/generated/client";
import { contactFilterSql } from "./contact-filter";
import type { BulkTarget, ContactsFilterInput } from "./bulk-action-schema";

/** Empty values are "no filter" (the page sends "" for an unset select). */
export function listFilter(workspaceId: string, f: ContactsFilterInput) {
  return {
    workspaceId,
    ...(f.search?.trim() ? { search: f.search.trim() } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.tagId ? { tagId: f.tagId } : {}),
    ...(f.segmentId ? { segmentId: f.segmentId } : {}),
  };
}

export const isFiltered = (f: ContactsFilterInput) => Object.keys(listFilter("", f)).length > 1;

export async function bulkTargetSql(workspaceId: string, target: BulkTarget): Promise<Prisma.Sql> {
  if (target.kind === "ids") {
    return Prisma.sql`(c."workspaceId" = ${workspaceId}::uuid AND c.id = ANY(${target.ids}::uuid[]))`;
  }
  return contactFilterSql(listFilter(workspaceId, target.filter), "#/target/filter");
}
