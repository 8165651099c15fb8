// Recording delivery outcomes never waits for a contact change, nor the other way round: a transaction that wrote
// an event (its fan-out holds KEY SHARE locks on the webhooks) stays open while attempts of the same webhook are
// recorded. With FOR UPDATE on the webhook rows, the bench's concurrent writers deadlocked.
// Only on a PostgreSQL server (CI runs this suite on one too): the embedded database multiplexes every connection
// onto one session, so an open transaction there holds everyone else back by design, locks or not.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pool, sql } from "@/server/db/pool";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { recordAttempts } from "@/server/webhooks/record-attempts";
import { makeWorkspace } from "../support/fixtures";

describe("webhook row locks", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "lets outcomes be recorded while an event of the same webhook is being written",
    async () => {
      process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
      const ws = await makeWorkspace();
      const webhook = await createWebhook({
        workspaceId: ws.id,
        input: { url: "http://127.0.0.1:9/hook", events: ["contact.created"] },
      });
      const [event] = await sql<{ id: string }>(
        `INSERT INTO "Event" (id, "workspaceId", type, payload) VALUES (gen_random_uuid(), $1, 'contact.created', '{}')
       RETURNING id`,
        [ws.id],
      );
      const [task] = await sql<{ id: string }>(`SELECT id FROM "WebhookTask" WHERE "eventId" = $1`, [event!.id]);

      const writer = await pool().connect();
      try {
        await writer.query("BEGIN");
        await writer.query(
          `INSERT INTO "Event" (id, "workspaceId", type, payload) VALUES (gen_random_uuid(), $1, 'contact.created', '{}')`,
          [ws.id],
        );
        const recorded = recordAttempts([
          {
            deliveryId: randomUUID(),
            webhookId: webhook.id,
            workspaceId: ws.id,
            taskId: task!.id,
            eventId: event!.id,
            eventType: "contact.created",
            payload: null,
            trigger: "event",
            attemptCount: 1,
            attemptedAt: new Date(),
            requestHeaders: {},
            result: {
              ok: true,
              responseStatus: 200,
              responseHeaders: {},
              responseBody: "",
              responseTimeMs: 1,
              error: null,
              retryAfterMs: null,
            },
          },
        ]).then(() => "recorded");
        const blocked = new Promise((resolve) => setTimeout(() => resolve("blocked"), 5_000));
        expect(await Promise.race([recorded, blocked])).toBe("recorded");
        await writer.query("COMMIT");
      } finally {
        writer.release();
      }
      const [row] = await sql<{ status: string }>(`SELECT status::text FROM "WebhookTask" WHERE id = $1`, [task!.id]);
      expect(row?.status).toBe("delivered");
    },
  );
});
