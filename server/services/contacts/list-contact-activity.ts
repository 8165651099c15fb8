import { sql } from "@/server/db/pool";
import { decodeCursor, encodeCursor, invalidCursor } from "@/server/http/pagination";
import type { ActivityQuery, ContactActivity } from "@/lib/schemas/contacts";
import { contactNotFound } from "./contact-record";

type ActivityRow = {
  id: string;
  type: string;
  createdAt: Date;
  data: Record<string, unknown> | null;
  broadcastId: string | null;
  formId: string | null;
  seq: string;
};

/** Newest first by seq (the insertion order), keyset-paged on seq over the (contactId, seq DESC) index. */
export async function listContactActivity({
  workspaceId,
  contactId,
  query,
}: {
  workspaceId: string;
  contactId: string;
  query: ActivityQuery;
}): Promise<{ data: ContactActivity[]; nextCursor: string | null }> {
  const before = query.cursor ? readSeq(query.cursor) : null;
  const [exists] = await sql<{ id: string }>(`SELECT id FROM "Contact" WHERE "workspaceId" = $1 AND id = $2`, [
    workspaceId,
    contactId,
  ]);
  if (!exists) throw contactNotFound();
  const rows = await sql<ActivityRow>(
    `SELECT id, type, "createdAt", data, "broadcastId", "formId", seq::text AS seq
       FROM "ContactActivity"
      WHERE "contactId" = $1 AND "workspaceId" = $2 AND ($3::bigint IS NULL OR seq < $3::bigint)
      ORDER BY "ContactActivity".seq DESC
      LIMIT $4`,
    [contactId, workspaceId, before, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      type: r.type,
      createdAt: r.createdAt.toISOString(),
      data: r.data ?? {},
      broadcastId: r.broadcastId,
      formId: r.formId,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ k: "activity", s: last.seq }) : null,
  };
}

function readSeq(cursor: string): string {
  const p = decodeCursor<{ k: string; s: string }>(cursor);
  if (p.k !== "activity" || typeof p.s !== "string" || !/^\d{1,19}$/.test(p.s)) throw invalidCursor();
  return p.s;
}
