import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { decodeCursor, encodeCursor, invalidCursor } from "@/server/http/pagination";
import type { SegmentContactsQuery } from "@/lib/schemas/segments";
import { contactColumns, toContact, type ContactRow } from "@/server/services/contacts/contact-record";
import { getSegmentCondition } from "./segment-condition";

type Position = { t: string; id: string };

/**
 * Newest first by ("createdAt", id) keyset, so a page never skips or repeats a contact while others are added,
 * and page 1,000 costs what page 1 costs.
 */
export async function listSegmentContacts({
  workspaceId,
  segmentId,
  query,
}: {
  workspaceId: string;
  segmentId: string;
  query: SegmentContactsQuery;
}) {
  const condition = await getSegmentCondition({ workspaceId, segmentId });
  const after = query.cursor ? readPosition(query.cursor) : null;
  const rows = await db().$queryRaw<ContactRow[]>`
    SELECT ${contactColumns} FROM "Contact" c
     WHERE c."workspaceId" = ${workspaceId}::uuid AND ${condition}
       ${after ? Prisma.sql`AND (c."createdAt", c.id) < (${after.t}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
     ORDER BY c."createdAt" DESC, c.id DESC
     LIMIT ${query.limit + 1}::int`;
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(toContact),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ t: last.createdAt.toISOString(), id: last.id }) : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor is signed, so a bad shape means a bug or a key rotation; either way the client starts over. */
function readPosition(cursor: string): Position {
  const p = decodeCursor<Position>(cursor);
  if (typeof p.t === "string" && !Number.isNaN(Date.parse(p.t)) && typeof p.id === "string" && UUID.test(p.id)) {
    return p;
  }
  throw invalidCursor();
}
