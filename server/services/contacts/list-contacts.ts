import { Prisma } from "@/server/db/generated/client";
import { sql } from "@/server/db/pool";
import { decodeCursor, encodeCursor, invalidCursor } from "@/server/http/pagination";
import type { ListContactsQuery } from "@/lib/schemas/contacts";
import { contactFilterSql } from "./contact-filter";
import { contactColumns, toContact, type ContactRow } from "./contact-record";

type Position = { k: "contacts"; t: string; i: string };

/**
 * Newest first by ("createdAt", id), paged by keyset on that pair (never OFFSET): contacts added while a client
 * pages sort before its cursor, so no page skips or repeats one, and page 1,000 costs what page 1 does (it walks
 * the (workspaceId, createdAt DESC, id DESC) index). Runs on the bare pool: this is the hottest read of the API.
 */
export async function listContacts({ workspaceId, query }: { workspaceId: string; query: ListContactsQuery }) {
  const where = await contactFilterSql({ workspaceId, ...query });
  const after = query.cursor ? readPosition(query.cursor) : null;
  const keyset = after
    ? Prisma.sql`AND (c."createdAt", c.id) < (${after.t}::timestamptz, ${after.i}::uuid)`
    : Prisma.empty;
  const q = Prisma.sql`
    SELECT ${contactColumns} FROM "Contact" c
     WHERE ${where} ${keyset}
     ORDER BY c."createdAt" DESC, c.id DESC
     LIMIT ${query.limit + 1}`;
  const rows = await sql<ContactRow>(q.text, q.values);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ k: "contacts", t: last.createdAt.toISOString(), i: last.id } satisfies Position)
      : null;
  return { data: page.map(toContact), nextCursor };
}

/** Signed, so only our own cursors get here; the kind check refuses an activity cursor sent to this list. */
function readPosition(cursor: string): Position {
  const p = decodeCursor<Position>(cursor);
  const valid =
    p.k === "contacts" &&
    typeof p.t === "string" &&
    !Number.isNaN(Date.parse(p.t)) &&
    typeof p.i === "string" &&
    /^[0-9a-f-]{36}$/i.test(p.i);
  if (!valid) throw invalidCursor();
  return p;
}
