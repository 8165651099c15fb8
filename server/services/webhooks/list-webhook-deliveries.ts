import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { offsetPage, offsetWindow, type OffsetPage } from "@/server/http/pagination";
import type { ListDeliveriesQuery, WebhookDelivery } from "@/lib/schemas/webhooks";
import { deliveryColumns, toDelivery, type DeliveryRow } from "./delivery-record";
import { webhookNotFound } from "./webhook-record";

/**
 * A webhook's delivery attempts, most recent first, filtered by status, event type and a lower bound on attemptedAt.
 * One query returns the page and the total; only an empty page needs more (is the webhook ours? how many are there
 * before this page?), because a returned row already proves the webhook belongs to the workspace.
 */
export async function listWebhookDeliveries({
  workspaceId,
  webhookId,
  query,
}: {
  workspaceId: string;
  webhookId: string;
  query: ListDeliveriesQuery;
}): Promise<OffsetPage<WebhookDelivery>> {
  const { skip, take } = offsetWindow(query);
  const filters = [query.status ?? null, query.eventType ?? null, query.since ?? null];
  const where = `d."webhookId" = $1 AND d."workspaceId" = $2
      AND ($3::text IS NULL OR d.status::text = $3)
      AND ($4::text IS NULL OR d."eventType" = $4)
      AND ($5::timestamptz IS NULL OR d."attemptedAt" >= $5::timestamptz)`;
  const rows = await sql<DeliveryRow & { total: number }>(
    `SELECT ${deliveryColumns}, count(*) OVER ()::int AS total
       FROM "WebhookDelivery" d LEFT JOIN "Event" e ON e.id = d."eventId"
      WHERE ${where}
      ORDER BY d."attemptedAt" DESC, d.id DESC
      LIMIT $6 OFFSET $7`,
    [webhookId, workspaceId, ...filters, take, skip],
  );
  const first = rows[0];
  if (first) return offsetPage(rows.map(toDelivery), first.total, query);

  const webhook = await db().webhook.findFirst({ where: { id: webhookId, workspaceId }, select: { id: true } });
  if (!webhook) throw webhookNotFound();
  if (skip === 0) return offsetPage([], 0, query);
  const [count] = await sql<{ total: number }>(
    `SELECT count(*)::int AS total FROM "WebhookDelivery" d WHERE ${where}`,
    [webhookId, workspaceId, ...filters],
  );
  return offsetPage([], count?.total ?? 0, query);
}
