// A page of a broadcast's recipients with what each did (the report's table, GET …/recipients): filtered by what
// they did, searched by address or name, or the clickers of one link; keyset pages (broadcast-recipient-query.ts).
import "server-only";
import type { BroadcastRecipientPage, RecipientListFilter } from "@/lib/schemas/broadcast-recipients";
import { decodeCursor, encodeCursor, invalidCursor } from "@/server/http/pagination";
import {
  assertBroadcast,
  readRecipients,
  type RecipientPosition,
  type RecipientRecord,
} from "./broadcast-recipient-query";

export async function listBroadcastRecipients({
  workspaceId,
  broadcastId,
  filter = {},
  limit = 50,
  cursor,
}: {
  workspaceId: string;
  broadcastId: string;
  filter?: RecipientListFilter;
  limit?: number;
  cursor?: string;
}): Promise<BroadcastRecipientPage> {
  const after = cursor ? readPosition(cursor) : null;
  await assertBroadcast(workspaceId, broadcastId);
  const rows = await readRecipients({ workspaceId, broadcastId }, filter, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toRecipient),
    nextCursor: rows.length > limit && last ? encodeCursor({ e: last.email, i: last.id }) : null,
  };
}

function readPosition(cursor: string): RecipientPosition {
  // Signed, so only this list wrote it; still checked, as a cursor of another list could carry other keys.
  const p: Record<string, unknown> = decodeCursor(cursor);
  if (typeof p.e !== "string" || typeof p.i !== "string" || !/^\d{1,19}$/.test(p.i)) throw invalidCursor();
  return { email: p.e, id: p.i };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toRecipient(r: RecipientRecord) {
  return {
    ...r,
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    openedAt: iso(r.openedAt),
    clickedAt: iso(r.clickedAt),
    bouncedAt: iso(r.bouncedAt),
    unsubscribedAt: iso(r.unsubscribedAt),
    complainedAt: iso(r.complainedAt),
  };
}
