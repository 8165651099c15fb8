// The one translation of contact filters to SQL, shared by the contacts list, the CSV export and segment counts.
// Returns a boolean expression over the alias `c` of "Contact", always scoped to the workspace.
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { ContactStatus } from "@/lib/schemas/contacts";
import { getSegmentCondition } from "@/server/services/segments/segment-condition";

export type ContactFilter = {
  workspaceId: string;
  search?: string;
  status?: ContactStatus;
  tagId?: string;
  segmentId?: string;
  createdFrom?: Date;
  createdTo?: Date;
};

/**
 * An unknown (or other workspace's) tag or segment is a 422 pointing at the filter, not an empty list: a typo in
 * an id should not look like "nobody matches". `pointerPrefix` is where the filters came from ("#/query" for a GET).
 */
export async function contactFilterSql(f: ContactFilter, pointerPrefix = "#/query"): Promise<Prisma.Sql> {
  const parts: Prisma.Sql[] = [Prisma.sql`c."workspaceId" = ${f.workspaceId}::uuid`];
  const search = f.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, "\\$&")}%`;
    parts.push(Prisma.sql`(c.email ILIKE ${like} OR c."firstName" ILIKE ${like} OR c."lastName" ILIKE ${like}
      OR (c."firstName" || ' ' || c."lastName") ILIKE ${like})`);
  }
  if (f.status) parts.push(Prisma.sql`c.status = ${f.status}::"ContactStatus"`);
  if (f.createdFrom) parts.push(Prisma.sql`c."createdAt" >= ${f.createdFrom}::timestamptz`);
  if (f.createdTo) parts.push(Prisma.sql`c."createdAt" <= ${f.createdTo}::timestamptz`);
  if (f.tagId) {
    const tag = await db().tag.findFirst({ where: { id: f.tagId, workspaceId: f.workspaceId }, select: { id: true } });
    if (!tag) throw unknownFilter(`${pointerPrefix}/tagId`, "No tag with this id exists in this workspace.");
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "ContactTag" ct WHERE ct."contactId" = c.id AND ct."tagId" = ${f.tagId}::uuid)`,
    );
  }
  if (f.segmentId) {
    try {
      parts.push(await getSegmentCondition({ workspaceId: f.workspaceId, segmentId: f.segmentId }));
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") {
        throw unknownFilter(`${pointerPrefix}/segmentId`, "No segment with this id exists in this workspace.");
      }
      throw error;
    }
  }
  return Prisma.sql`(${Prisma.join(parts, " AND ")})`;
}

function unknownFilter(pointer: string, detail: string) {
  return new AppError("VALIDATION", "One or more filters are invalid.", [{ pointer, detail }]);
}
