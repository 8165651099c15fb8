// The one SQL of "who got this broadcast and what did they do", shared by the report's list, its CSV export and
// the clickers of a link: the filters, the state shown per recipient, and the keyset order. Pages walk the
// (broadcastId, email, id) index in address order, never OFFSET, so page 2,000 of 100,000 recipients costs what
// page 1 does; a filter or search reads the broadcast's rows along that index and stops at a full page.
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import type { RecipientFilter, RecipientListFilter, RecipientState } from "@/lib/schemas/broadcast-recipients";
import type { SuppressionRule } from "@/lib/schemas/deliverability-rules";
import { broadcastNotFound } from "@/server/broadcasts/state";

const FILTERS: Record<RecipientFilter, Prisma.Sql> = {
  delivered: Prisma.sql`r."deliveredAt" IS NOT NULL`,
  opened: Prisma.sql`r."openedAt" IS NOT NULL`,
  not_opened: Prisma.sql`r.status = 'sent' AND r."openedAt" IS NULL`,
  clicked: Prisma.sql`r."clickedAt" IS NOT NULL`,
  bounced: Prisma.sql`r."bouncedAt" IS NOT NULL`,
  unsubscribed: Prisma.sql`r."unsubscribedAt" IS NOT NULL`,
  complained: Prisma.sql`r."complainedAt" IS NOT NULL`,
  suppressed: Prisma.sql`r."suppressedBy" IS NOT NULL`,
  failed: Prisma.sql`r.status = 'failed'`,
  pending: Prisma.sql`r.status = 'queued'`,
};

export type RecipientRecord = {
  id: string;
  email: string;
  name: string | null;
  contactId: string | null;
  variantId: string | null;
  state: RecipientState;
  sentAt: Date | null;
  deliveredAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  bouncedAt: Date | null;
  bounceType: "hard" | "soft" | null;
  unsubscribedAt: Date | null;
  complainedAt: Date | null;
  suppressedBy: SuppressionRule | null;
  opens: number;
  clicks: number;
  error: string | null;
};

export type RecipientPosition = { email: string; id: string };

/** The broadcast's name; a 404 for another workspace's broadcast or an unknown one, before anything else is read. */
export async function assertBroadcast(workspaceId: string, broadcastId: string): Promise<{ name: string }> {
  const found = await db().broadcast.findFirst({
    where: { id: broadcastId, workspaceId, automationId: null },
    select: { name: true },
  });
  if (!found) throw broadcastNotFound();
  return found;
}

/** Up to `limit` recipients after `after` in (email, id) order. */
export function readRecipients(
  scope: { workspaceId: string; broadcastId: string },
  filter: RecipientListFilter,
  after: RecipientPosition | null,
  limit: number,
): Promise<RecipientRecord[]> {
  const { workspaceId, broadcastId } = scope;
  const parts = [
    Prisma.sql`r."broadcastId" = ${broadcastId}::uuid`,
    Prisma.sql`r."workspaceId" = ${workspaceId}::uuid`,
  ];
  if (filter.status) parts.push(FILTERS[filter.status]);
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, "\\$&")}%`;
    parts.push(Prisma.sql`(r.email ILIKE ${like} OR c."firstName" ILIKE ${like} OR c."lastName" ILIKE ${like}
      OR (c."firstName" || ' ' || c."lastName") ILIKE ${like})`);
  }
  if (filter.url) {
    // The link's clickers from their timelines (one row per click, with the URL as recorded at send time), read
    // through the (workspaceId, type, broadcastId) index: a set the planner hashes once, not a lookup per row.
    parts.push(Prisma.sql`r."contactId" IN (
      SELECT a."contactId" FROM "ContactActivity" a
       WHERE a."workspaceId" = ${workspaceId}::uuid AND a.type = 'email.clicked'
         AND a."broadcastId" = ${broadcastId}::uuid AND a.data->>'url' = ${filter.url})`);
  }
  if (after) parts.push(Prisma.sql`(r.email, r.id) > (${after.email}, ${after.id}::bigint)`);
  return db().$queryRaw<RecipientRecord[]>`
    SELECT r.id::text AS id, r.email, nullif(trim(concat_ws(' ', c."firstName", c."lastName")), '') AS name,
           r."contactId", r."variantId",
           CASE WHEN r."complainedAt" IS NOT NULL THEN 'complained'
                WHEN r."unsubscribedAt" IS NOT NULL THEN 'unsubscribed'
                WHEN r."bouncedAt" IS NOT NULL THEN 'bounced'
                WHEN r."clickedAt" IS NOT NULL THEN 'clicked'
                WHEN r."openedAt" IS NOT NULL THEN 'opened'
                WHEN r."deliveredAt" IS NOT NULL THEN 'delivered'
                WHEN r.status = 'sent' THEN 'sent'
                WHEN r.status = 'failed' THEN 'failed'
                ELSE 'pending' END AS state,
           r."sentAt", r."deliveredAt", r."openedAt", r."clickedAt", r."bouncedAt", r."bounceType",
           r."unsubscribedAt", r."complainedAt", r."suppressedBy", r."openCount" AS opens, r."clickCount" AS clicks, r.error
      FROM "BroadcastRecipient" r
      LEFT JOIN "Contact" c ON c.id = r."contactId"
     WHERE ${Prisma.join(parts, " AND ")}
     ORDER BY r.email, r.id
     LIMIT ${limit}`;
}
