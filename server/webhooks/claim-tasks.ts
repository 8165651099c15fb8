// Claims due tasks for one dispatcher. A claim is a lease: nextAttemptAt moves past the attempt's longest possible
// duration, so a dispatcher that dies mid-attempt leaves its tasks to be claimed again once the lease runs out
// (at-least-once; receivers de-duplicate on the event id). SKIP LOCKED lets any number of workers claim side by side.
import { sql } from "@/server/db/pool";
import type { DeliveryTarget } from "./attempt-delivery";
import type { Envelope, SecretColumns } from "./webhook-request";

export type ClaimedTask = DeliveryTarget & {
  taskId: string;
  /** This attempt's number (1 = first). */
  attemptCount: number;
  envelope: Envelope;
};

type Row = SecretColumns & {
  taskId: string;
  webhookId: string;
  workspaceId: string;
  url: string;
  attemptCount: number;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  data: Record<string, unknown>;
};

/**
 * Claims up to `limit` due tasks, at most `room[webhookId] ?? perWebhook` of any one webhook, so a slow or failing
 * endpoint with a large backlog cannot take every slot of the dispatcher and hold up other webhooks' events.
 */
export async function claimDueTasks({
  limit,
  leaseMs,
  perWebhook,
  room = {},
}: {
  limit: number;
  leaseMs: number;
  perWebhook: number;
  /** Free slots of webhooks that already have attempts in flight here. */
  room?: Record<string, number>;
}): Promise<ClaimedTask[]> {
  const rows = await sql<Row>(
    `WITH candidates AS (
       SELECT id, "webhookId", "nextAttemptAt" FROM "WebhookTask"
        WHERE status = 'pending' AND "nextAttemptAt" <= now() AND "webhookId" <> ALL($5::uuid[])
        ORDER BY "nextAttemptAt"
        LIMIT $1 * 2),
     ranked AS (
       SELECT id, "webhookId",
              row_number() OVER (PARTITION BY "webhookId" ORDER BY "nextAttemptAt") AS n
         FROM candidates),
     due AS (
       SELECT t.id FROM "WebhookTask" t JOIN ranked r ON r.id = t.id
        WHERE r.n <= COALESCE(($3::jsonb ->> r."webhookId"::text)::int, $4)
          -- checked again on the locked row: another dispatcher may have claimed it since the candidates were read
          AND t.status = 'pending' AND t."nextAttemptAt" <= now()
        ORDER BY t."nextAttemptAt"
        LIMIT $1
          FOR UPDATE OF t SKIP LOCKED)
     UPDATE "WebhookTask" t
        SET "nextAttemptAt" = now() + make_interval(secs => $2::double precision / 1000),
            "attemptCount" = t."attemptCount" + 1
       FROM due, "Event" e, "Webhook" w
      WHERE t.id = due.id AND e.id = t."eventId" AND w.id = t."webhookId"
     RETURNING t.id AS "taskId", t."webhookId", t."workspaceId", t."attemptCount", w.url,
               w."secretCiphertext", w."previousSecretCiphertext", w."previousSecretExpiresAt",
               e.id AS "eventId", e.type AS "eventType", e."createdAt" AS "eventCreatedAt", e.payload AS data`,
    [
      limit,
      leaseMs,
      JSON.stringify(room),
      perWebhook,
      // Full webhooks are left out of the candidates, or their backlog could fill the window every time.
      Object.keys(room).filter((id) => (room[id] ?? 0) <= 0),
    ],
  );
  return rows.map((r) => ({
    taskId: r.taskId,
    webhookId: r.webhookId,
    workspaceId: r.workspaceId,
    url: r.url,
    attemptCount: r.attemptCount,
    secretCiphertext: r.secretCiphertext,
    previousSecretCiphertext: r.previousSecretCiphertext,
    previousSecretExpiresAt: r.previousSecretExpiresAt,
    envelope: {
      id: r.eventId,
      type: r.eventType,
      createdAt: r.eventCreatedAt.toISOString(),
      workspaceId: r.workspaceId,
      data: r.data,
    },
  }));
}
