// The delivery engine end to end: a contact change writes an Event, the trigger fans it out, the dispatcher POSTs it
// signed to a real receiver on 127.0.0.1, and the attempt is recorded. Fan-out, batches, secret rotation and GDPR.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateWebhook } from "@/lib/schemas/webhooks";
import { sql } from "@/server/db/pool";
import { batchUpsertContacts } from "@/server/services/contacts/batch-upsert-contacts";
import { createContact } from "@/server/services/contacts/create-contact";
import { deleteContact } from "@/server/services/contacts/delete-contact";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";
import { rotateWebhookSecret } from "@/server/services/webhooks/rotate-webhook-secret";
import type { Dispatcher } from "@/server/webhooks/dispatcher";
import { makeWorkspace } from "../support/fixtures";
import {
  deliveriesOf,
  eventually,
  header,
  sleep,
  startReceiver,
  startTestDispatcher,
  tasksOf,
  v1Values,
  verifySignature,
  type Receiver,
} from "../support/webhook-receiver";

let dispatcher: Dispatcher;
let receiver: Receiver;

beforeAll(async () => {
  dispatcher = startTestDispatcher();
  receiver = await startReceiver();
});

afterAll(async () => {
  await dispatcher.stop();
  await receiver.close();
});

const hook = (workspaceId: string, path: string, events: CreateWebhook["events"], isActive = true) =>
  createWebhook({ workspaceId, input: { url: `${receiver.url}/${path}`, events, isActive } });

/** The events of a workspace, oldest first. */
const eventsOf = (workspaceId: string, type: string) =>
  sql<{ id: string; payload: Record<string, unknown> }>(
    `SELECT id, payload FROM "Event" WHERE "workspaceId" = $1 AND type = $2 ORDER BY seq`,
    [workspaceId, type],
  );

/** Waits until each webhook has `count` successful deliveries recorded. */
const successes = (count: number, ...webhookIds: string[]) =>
  eventually(async () => {
    const all = await Promise.all(webhookIds.map(deliveriesOf));
    return all.every((rows) => rows.filter((d) => d.status === "success").length >= count) && all;
  });

describe("webhook delivery", () => {
  it("delivers contact.created signed, with the event id, and records the attempt", async () => {
    const ws = await makeWorkspace();
    const webhook = await hook(ws.id, "first", ["contact.created"]);
    const contact = await createContact({ workspaceId: ws.id, input: { email: "hook@example.com" } });
    await eventually(async () => receiver.eventIds("/hook/first").length === 1);
    const request = receiver.received.find((r) => r.path === "/hook/first")!;
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      type: "contact.created",
      workspaceId: ws.id,
      data: { contactId: contact.contact.id, email: "hook@example.com" },
    });
    expect(Object.keys(body)).toEqual(["id", "type", "createdAt", "workspaceId", "data"]);
    expect(header(request, "x-service-event-id")).toBe(body.id);
    expect(header(request, "x-service-event-type")).toBe("contact.created");
    expect(header(request, "x-service-attempt")).toBe("1");
    expect(verifySignature(header(request, "x-service-signature"), request.body, webhook.secret)).toBe(true);
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
      nextRetryAt: null,
    });
    expect(page.data[0]!.deliveredAt).not.toBeNull();
    expect(page.data[0]!.requestHeaders["x-service-delivery-id"]).toBe(page.data[0]!.id);
    const [row] = await sql<{ consecutiveFailures: number; lastSuccessAt: Date | null }>(
      `SELECT "consecutiveFailures", "lastSuccessAt" FROM "Webhook" WHERE id = $1`,
      [webhook.id],
    );
    expect(row).toMatchObject({ consecutiveFailures: 0, lastSuccessAt: expect.any(Date) });
  });

  it("fans an event out once to each active subscribed webhook of its workspace, and to no other", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    const created = await hook(ws.id, "created", ["contact.created"]);
    const both = await hook(ws.id, "both", ["contact.updated", "contact.created"]);
    const unsubscribed = await hook(ws.id, "unsubscribed", ["contact.updated"]);
    const inactive = await hook(ws.id, "inactive", ["contact.created"], false);
    const elsewhere = await hook(other.id, "elsewhere", ["contact.created"]);
    await createContact({ workspaceId: ws.id, input: { email: "fan@example.com" } });
    const [event] = await eventsOf(ws.id, "contact.created");

    const tasks = await tasksOf(created.id, both.id, unsubscribed.id, inactive.id, elsewhere.id);
    expect(tasks.map((t) => [t.webhookId, t.eventId]).sort()).toEqual(
      [
        [created.id, event!.id],
        [both.id, event!.id],
      ].sort(),
    );
    await successes(1, created.id, both.id);
    expect(receiver.eventIds("/hook/created")).toEqual([event!.id]);
    expect(receiver.eventIds("/hook/both")).toEqual([event!.id]);
    for (const path of ["/hook/unsubscribed", "/hook/inactive", "/hook/elsewhere"]) {
      expect(receiver.eventIds(path)).toEqual([]);
    }
    expect(await deliveriesOf(inactive.id)).toEqual([]);
    expect(await deliveriesOf(elsewhere.id)).toEqual([]);
  });

  it("gives a batch of events exactly one task per webhook and event, each delivered once", async () => {
    const ws = await makeWorkspace();
    const a = await hook(ws.id, "batch-a", ["contact.created"]);
    const b = await hook(ws.id, "batch-b", ["contact.created", "contact.updated"]);
    const emails = Array.from({ length: 6 }, (_, i) => `batch${i}@example.com`);
    await batchUpsertContacts({
      workspaceId: ws.id,
      input: { contacts: emails.slice(0, 4).map((email) => ({ email })), updateExisting: true },
    });
    // Concurrent single creates: one transaction each, fanned out side by side.
    await Promise.all(emails.slice(4).map((email) => createContact({ workspaceId: ws.id, input: { email } })));
    const events = await eventsOf(ws.id, "contact.created");
    expect(events.map((e) => e.payload.email).sort()).toEqual(emails);
    const eventIds = events.map((e) => e.id).sort();

    const tasks = await tasksOf(a.id, b.id);
    expect(tasks).toHaveLength(12);
    for (const webhookId of [a.id, b.id]) {
      expect(tasks.filter((t) => t.webhookId === webhookId).map((t) => t.eventId)).toEqual(eventIds);
    }
    await successes(6, a.id, b.id);
    await eventually(async () => (await tasksOf(a.id, b.id)).every((t) => t.status === "delivered"));
    await sleep(300); // a second delivery of any of them would have to be under way by now
    expect(receiver.eventIds("/hook/batch-a").sort()).toEqual(eventIds);
    expect(receiver.eventIds("/hook/batch-b").sort()).toEqual(eventIds);
    for (const webhookId of [a.id, b.id]) {
      const records = await deliveriesOf(webhookId);
      expect(records.map((d) => d.eventId).sort()).toEqual(eventIds);
      expect(records.every((d) => d.status === "success" && d.attemptCount === 1)).toBe(true);
    }
  });

  it("signs with the new and the previous secret after a rotation, and with one once the previous expired", async () => {
    const ws = await makeWorkspace();
    const webhook = await hook(ws.id, "rotated", ["contact.created"]);
    const rotated = await rotateWebhookSecret({ workspaceId: ws.id, webhookId: webhook.id });
    expect(rotated.secret).not.toBe(webhook.secret);
    await createContact({ workspaceId: ws.id, input: { email: "rotate1@example.com" } });
    await eventually(async () => receiver.eventIds("/hook/rotated").length === 1);
    const [during] = receiver.received.filter((r) => r.path === "/hook/rotated");
    const signature = header(during!, "x-service-signature");
    expect(v1Values(signature)).toHaveLength(2);
    expect(verifySignature(signature, during!.body, rotated.secret)).toBe(true);
    expect(verifySignature(signature, during!.body, webhook.secret)).toBe(true);
    expect(verifySignature(signature, during!.body, "whsec_not-the-secret")).toBe(false);

    await sql(`UPDATE "Webhook" SET "previousSecretExpiresAt" = now() - interval '1 minute' WHERE id = $1`, [
      webhook.id,
    ]);
    await createContact({ workspaceId: ws.id, input: { email: "rotate2@example.com" } });
    await eventually(async () => receiver.eventIds("/hook/rotated").length === 2);
    const after = receiver.received.filter((r) => r.path === "/hook/rotated")[1]!;
    const single = header(after, "x-service-signature");
    expect(v1Values(single)).toHaveLength(1);
    expect(verifySignature(single, after.body, rotated.secret)).toBe(true);
    expect(verifySignature(single, after.body, webhook.secret)).toBe(false);
  });

  it("shows delivery records without the email once the contact is erased (GDPR)", async () => {
    const ws = await makeWorkspace();
    const webhook = await hook(ws.id, "gdpr", ["contact.created"]);
    const { contact } = await createContact({ workspaceId: ws.id, input: { email: "erase.me@example.com" } });
    const [delivered] = await successes(1, webhook.id);
    const list = () =>
      listWebhookDeliveries({ workspaceId: ws.id, webhookId: webhook.id, query: { page: 1, limit: 20 } });
    expect((await list()).data[0]!.payload).toMatchObject({ data: { email: "erase.me@example.com" } });

    await deleteContact({ workspaceId: ws.id, contactId: contact.id });
    const page = await list();
    expect(page.data.map((d) => d.id)).toEqual(delivered!.map((d) => d.id));
    expect(page.data[0]!.payload).toMatchObject({
      id: delivered![0]!.eventId,
      type: "contact.created",
      data: { contactId: contact.id },
    });
    expect(JSON.stringify(page.data)).not.toContain("erase.me@example.com");
    // What the engine itself stores for an event delivery holds no copy of the payload.
    const [stored] = await sql<{ payload: unknown }>(`SELECT payload FROM "WebhookDelivery" WHERE id = $1`, [
      delivered![0]!.id,
    ]);
    expect(stored!.payload).toBeNull();
  });
});
