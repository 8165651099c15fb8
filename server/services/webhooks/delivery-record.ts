// The one mapping from a WebhookDelivery row to the API's delivery record (the OpenAPI schema WebhookDelivery). The payload of an
// automatic or redelivered attempt is its event's envelope, read from the Event log, so a GDPR erasure that scrubs
// the event scrubs its delivery records too; test deliveries, which have no event, keep their own payload.
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";

export type DeliveryRow = {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  status: "success" | "failed";
  trigger: WebhookDelivery["trigger"];
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseHeaders: Record<string, string>;
  responseBody: string;
  responseTimeMs: number;
  error: string | null;
  attemptCount: number;
  attemptedAt: Date;
  deliveredAt: Date | null;
  nextRetryAt: Date | null;
};

/**
 * Columns of a delivery `d`, with its payload rebuilt from the Event `e` (LEFT JOIN "Event" e ON e.id = d."eventId").
 * nextRetryAt is read from the task now, not the copy stored at the attempt: a retry is shown only while one is really
 * scheduled (the task still pending, on an active webhook, this failed attempt its latest, its next attempt ahead).
 * Delivered, spent, paused (disabled webhook) and test deliveries, and attempts a later one superseded, show none.
 */
export const deliveryColumns = `
  d.id, d."webhookId", d."eventId", d."eventType",
  COALESCE(d.payload, jsonb_build_object(
    'id', e.id, 'type', e.type,
    'createdAt', to_char(e."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'workspaceId', e."workspaceId", 'data', e.payload)) AS payload,
  d.status::text AS status, d.trigger, d."requestHeaders", d."responseStatus", d."responseHeaders",
  d."responseBody", d."responseTimeMs", d.error, d."attemptCount", d."attemptedAt", d."deliveredAt",
  (SELECT t."nextAttemptAt" FROM "WebhookTask" t JOIN "Webhook" w ON w.id = t."webhookId"
    WHERE t.id = d."taskId" AND d.status = 'failed' AND t.status = 'pending' AND w."isActive"
      AND t."attemptCount" = d."attemptCount" AND t."nextAttemptAt" > now()) AS "nextRetryAt"`;

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    eventType: row.eventType,
    payload: envelopeOrder(row.payload ?? {}),
    status: row.status,
    trigger: row.trigger,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    requestHeaders: row.requestHeaders,
    responseHeaders: row.responseHeaders,
    responseTimeMs: row.responseTimeMs,
    error: row.error,
    attemptCount: row.attemptCount,
    attemptedAt: row.attemptedAt.toISOString(),
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    nextRetryAt: row.nextRetryAt ? row.nextRetryAt.toISOString() : null,
  };
}

/** One delivery of one webhook of one workspace, or a 404. */
export async function getDelivery({
  workspaceId,
  webhookId,
  deliveryId,
}: {
  workspaceId: string;
  webhookId: string;
  deliveryId: string;
}): Promise<WebhookDelivery> {
  const [row] = await sql<DeliveryRow>(
    `SELECT ${deliveryColumns}
       FROM "WebhookDelivery" d LEFT JOIN "Event" e ON e.id = d."eventId"
      WHERE d.id = $1 AND d."webhookId" = $2 AND d."workspaceId" = $3`,
    [deliveryId, webhookId, workspaceId],
  );
  if (!row) throw new AppError("NOT_FOUND", "Delivery not found.");
  return toDelivery(row);
}

/** jsonb sorts keys; the record shows the body in the order it was sent: id, type, createdAt, workspaceId, data. */
function envelopeOrder(payload: Record<string, unknown>): Record<string, unknown> {
  const { id, type, createdAt, workspaceId, data, ...rest } = payload;
  return { id, type, createdAt, workspaceId, data, ...rest };
}
