// The delivery engine end to end: a contact change writes an Event, the trigger fans it out, the dispatcher POSTs it
// signed to a real receiver on 127.0.0.1, and the attempt is recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { createContact } from "@/server/services/contacts/create-contact";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";
import { startDispatcher, type Dispatcher } from "@/server/webhooks/dispatcher";
import { makeWorkspace } from "../support/fixtures";
import { eventually, startReceiver, verifySignature } from "../support/webhook-receiver";

let dispatcher: Dispatcher;

beforeAll(() => {
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
  process.env.WEBHOOK_POLL_INTERVAL = "20ms";
  process.env.WEBHOOK_RETRY_SCHEDULE = "100ms,200ms,300ms";
  dispatcher = startDispatcher({ log: () => {} });
});

afterAll(async () => {
  await dispatcher.stop();
});

describe("webhook delivery", () => {
  it("delivers contact.created signed, with the event id, and records the attempt", async () => {
    const ws = await makeWorkspace();
    const receiver = await startReceiver();
    try {
      const webhook = await createWebhook({
        workspaceId: ws.id,
        input: { url: receiver.url, events: ["contact.created"] },
      });
      const contact = await createContact({ workspaceId: ws.id, input: { email: "hook@example.com" } });
      const [request] = await receiver.waitFor(1);
      const body = JSON.parse(request!.body);
      expect(body).toMatchObject({
        type: "contact.created",
        workspaceId: ws.id,
        data: { contactId: contact.contact.id, email: "hook@example.com" },
      });
      expect(Object.keys(body)).toEqual(["id", "type", "createdAt", "workspaceId", "data"]);
      expect(request!.headers["x-service-event-id"]).toBe(body.id);
      expect(verifySignature(request!.headers["x-service-signature"] as string, request!.body, webhook.secret)).toBe(
        true,
      );
      const page = await eventually(async () => {
        const p = await listWebhookDeliveries({
          workspaceId: ws.id,
          webhookId: webhook.id,
          query: { page: 1, limit: 20 },
        });
        return p.total === 1 && p;
      });
      expect(page.data[0]).toMatchObject({
        eventId: body.id,
        eventType: "contact.created",
        status: "success",
        trigger: "event",
        responseStatus: 200,
        responseBody: "ok",
        attemptCount: 1,
        payload: body,
      });
      const [row] = await sql<{ consecutiveFailures: number; lastSuccessAt: Date | null }>(
        `SELECT "consecutiveFailures", "lastSuccessAt" FROM "Webhook" WHERE id = $1`,
        [webhook.id],
      );
      expect(row).toMatchObject({ consecutiveFailures: 0, lastSuccessAt: expect.any(Date) });
    } finally {
      await receiver.close();
    }
  });
});
