// Delivery records through the real routes: the nested envelope and every field of the OpenAPI WebhookDelivery schema, most recent
// first, the status / eventType / since filters, and one record by id. Rows are written directly, as the delivery
// engine writes them.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/webhooks/route";
import * as deliveries from "@/app/api/v1/webhooks/[id]/deliveries/route";
import * as delivery from "@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/route";
import { db, type Prisma } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
type Row = { id: string; attemptedAt: string };
let ws: Ws;
let webhookId: string;
let otherWebhookId: string;
const T = Date.parse("2026-11-20T10:00:00.000Z");
const at = (seconds: number) => new Date(T + seconds * 1000);
const contact = { contactId: randomUUID(), email: "ada@example.com" };
let created: { id: string; createdAt: Date };
const ids = { failedFirst: "", retryOk: "", sent: "", test: "", sentTimeout: "", elsewhere: "" };

const makeWebhook = async (events: string[]) =>
  (
    await call(collection.POST, "POST", "/api/v1/webhooks", {
      key: ws.writeKey,
      body: { url: "https://93.184.216.34/hooks", events },
    })
  ).body.data.id as string;

async function insertDelivery(
  hook: string,
  fields: { eventId: string; eventType: string; status: "success" | "failed"; attemptedAt: Date } & Partial<{
    trigger: string;
    payload: Prisma.InputJsonObject;
    responseStatus: number | null;
    responseBody: string;
    error: string;
    attemptCount: number;
    deliveredAt: Date;
    nextRetryAt: Date;
  }>,
) {
  const row = await db().webhookDelivery.create({
    data: {
      workspaceId: ws.id,
      webhookId: hook,
      trigger: "event",
      requestHeaders: { "content-type": "application/json", "x-service-event-id": fields.eventId },
      responseHeaders: { "content-type": "text/plain" },
      responseBody: "",
      responseTimeMs: 42,
      attemptCount: 1,
      ...fields,
    },
  });
  return row.id;
}

const list = (query = "", key = ws.readKey, id = webhookId) =>
  call(deliveries.GET, "GET", `/api/v1/webhooks/${id}/deliveries${query}`, { key, params: { id } });
const listIds = async (query: string) => {
  const res = await list(query);
  expect(res.status).toBe(200);
  return res.body.data.data.map((d: Row) => d.id);
};
const getOne = (deliveryId: string, key = ws.readKey, id = webhookId) =>
  call(delivery.GET, "GET", `/api/v1/webhooks/${id}/deliveries/${deliveryId}`, {
    key,
    params: { id, deliveryId },
  });

beforeAll(async () => {
  ws = await makeWorkspace();
  // Events before webhooks: no fan-out tasks, so no dispatcher (of another test file) ever sends these anywhere.
  created = await db().event.create({ data: { workspaceId: ws.id, type: "contact.created", payload: contact } });
  const sent = await db().event.create({
    data: { workspaceId: ws.id, type: "broadcast.sent", payload: { broadcastId: randomUUID(), recipientCount: 3 } },
  });
  webhookId = await makeWebhook(["contact.created", "broadcast.sent"]);
  otherWebhookId = await makeWebhook(["contact.created"]);
  ids.failedFirst = await insertDelivery(webhookId, {
    eventId: created.id,
    eventType: "contact.created",
    status: "failed",
    attemptedAt: at(0),
    responseStatus: 500,
    responseBody: "oops",
    error: "The receiver answered 500.",
    nextRetryAt: at(5),
  });
  ids.retryOk = await insertDelivery(webhookId, {
    eventId: created.id,
    eventType: "contact.created",
    status: "success",
    attemptedAt: at(10),
    responseStatus: 200,
    attemptCount: 2,
    deliveredAt: at(10),
  });
  // Two attempts in the same millisecond: the tie is broken by id, newest-looking id first.
  ids.sent = await insertDelivery(webhookId, {
    eventId: sent.id,
    eventType: "broadcast.sent",
    status: "success",
    attemptedAt: at(20),
    responseStatus: 204,
    deliveredAt: at(20),
  });
  ids.test = await insertDelivery(webhookId, {
    eventId: randomUUID(),
    eventType: "webhook.test",
    trigger: "test",
    payload: { id: "t", type: "webhook.test", data: { webhookId, message: "hello" } },
    status: "success",
    attemptedAt: at(20),
    responseStatus: 200,
    deliveredAt: at(20),
  });
  ids.sentTimeout = await insertDelivery(webhookId, {
    eventId: sent.id,
    eventType: "broadcast.sent",
    status: "failed",
    attemptedAt: at(30),
    responseStatus: null,
    error: "No complete response within 15 s.",
    nextRetryAt: at(330),
  });
  ids.elsewhere = await insertDelivery(otherWebhookId, {
    eventId: created.id,
    eventType: "contact.created",
    status: "success",
    attemptedAt: at(40),
    responseStatus: 200,
    deliveredAt: at(40),
  });
});

const tied = () => [ids.sent, ids.test].sort().reverse();

describe("GET /api/v1/webhooks/{id}/deliveries", () => {
  it("answers the nested envelope, most recent first, with every field of a delivery record", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(res.body.data).toMatchObject({ total: 5, page: 1, limit: 20, totalPages: 1 });
    expect(Object.keys(res.body.data).sort()).toEqual(["data", "limit", "page", "total", "totalPages"]);
    expect(res.body.data.data.map((d: Row) => d.id)).toEqual([
      ids.sentTimeout,
      ...tied(),
      ids.retryOk,
      ids.failedFirst,
    ]);

    const first = res.body.data.data.find((d: Row) => d.id === ids.failedFirst);
    expect(first).toEqual({
      id: ids.failedFirst,
      webhookId,
      eventId: created.id,
      eventType: "contact.created",
      // The payload is the event's envelope, rebuilt from the Event log.
      payload: {
        id: created.id,
        type: "contact.created",
        createdAt: created.createdAt.toISOString(),
        workspaceId: ws.id,
        data: contact,
      },
      status: "failed",
      trigger: "event",
      responseStatus: 500,
      responseBody: "oops",
      requestHeaders: { "content-type": "application/json", "x-service-event-id": created.id },
      responseHeaders: { "content-type": "text/plain" },
      responseTimeMs: 42,
      error: "The receiver answered 500.",
      attemptCount: 1,
      attemptedAt: at(0).toISOString(),
      deliveredAt: null,
      // Stored at the attempt, but no task of this webhook is pending: no retry is scheduled, so none is shown.
      nextRetryAt: null,
    });
    const test = res.body.data.data.find((d: Row) => d.id === ids.test);
    expect(test).toMatchObject({
      trigger: "test",
      eventType: "webhook.test",
      payload: { type: "webhook.test", data: { webhookId, message: "hello" } },
      deliveredAt: at(20).toISOString(),
    });
    const timeout = res.body.data.data.find((d: Row) => d.id === ids.sentTimeout);
    expect(timeout).toMatchObject({ responseStatus: null, error: expect.stringMatching(/15 s/), attemptCount: 1 });
  });

  it("filters by status, eventType and since, alone and together", async () => {
    expect(await listIds("?status=success")).toEqual([...tied(), ids.retryOk]);
    expect(await listIds("?status=failed")).toEqual([ids.sentTimeout, ids.failedFirst]);
    expect(await listIds("?eventType=broadcast.sent")).toEqual([ids.sentTimeout, ids.sent]);
    expect(await listIds("?eventType=webhook.test")).toEqual([ids.test]);
    expect(await listIds("?eventType=contact.deleted")).toEqual([]);
    expect(await listIds(`?since=${at(10).toISOString()}`)).toEqual([ids.sentTimeout, ...tied(), ids.retryOk]);
    // The same instant written with an offset.
    expect(await listIds("?since=2026-11-20T12:00:20%2B02:00")).toEqual([ids.sentTimeout, ...tied()]);
    expect(await listIds(`?status=success&eventType=contact.created&since=${at(1).toISOString()}`)).toEqual([
      ids.retryOk,
    ]);
    const filtered = await list("?status=failed&limit=1");
    expect(filtered.body.data).toMatchObject({ total: 2, limit: 1, totalPages: 2 });
  });

  it("pages with total and totalPages, also past the end", async () => {
    const second = await list("?limit=2&page=2");
    expect(second.body.data).toMatchObject({ total: 5, page: 2, limit: 2, totalPages: 3 });
    expect(second.body.data.data.map((d: Row) => d.id)).toEqual([tied()[1], ids.retryOk]);
    const beyond = await list("?limit=2&page=9");
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ data: { data: [], total: 5, page: 9, limit: 2, totalPages: 3 } });
    const beyondFiltered = await list("?status=failed&page=2");
    expect(beyondFiltered.body.data).toMatchObject({ data: [], total: 2, page: 2 });
  });

  it("answers an empty page for a webhook without deliveries", async () => {
    const quiet = await makeWebhook(["contact.deleted"]);
    const res = await list("", ws.readKey, quiet);
    expect(res.body).toEqual({ data: { data: [], total: 0, page: 1, limit: 20, totalPages: 0 } });
  });

  it.each([
    ["?since=yesterday", "#/query/since"],
    ["?since=2026-11-20", "#/query/since"],
    ["?status=ok", "#/query/status"],
    ["?status=SUCCESS", "#/query/status"],
    ["?limit=0", "#/query/limit"],
    ["?page=0", "#/query/page"],
  ])("answers 422 for %s", async (query, pointer) => {
    const res = await list(query);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it("answers 404 for an unknown webhook and another workspace's webhook", async () => {
    expect((await list("", ws.readKey, randomUUID())).status).toBe(404);
    expect((await list("", ws.readKey, "not-a-uuid")).status).toBe(404);
    const other = await makeWorkspace();
    const res = await list("", other.readKey);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Webhook not found.");
    expect((await list("?page=3", other.readKey)).status).toBe(404);
  });
});

describe("GET /api/v1/webhooks/{id}/deliveries/{deliveryId}", () => {
  it("answers one delivery record, the same as in the list", async () => {
    const page = await list();
    for (const id of [ids.failedFirst, ids.test]) {
      const res = await getOne(id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: page.body.data.data.find((d: Row) => d.id === id) });
    }
  });

  it("answers 404 for a delivery of another webhook, another workspace, or none at all", async () => {
    expect((await getOne(ids.elsewhere)).status).toBe(404);
    expect((await getOne(ids.elsewhere, ws.readKey, otherWebhookId)).status).toBe(200);
    expect((await getOne(randomUUID())).status).toBe(404);
    expect((await getOne("not-a-uuid")).status).toBe(404);
    const other = await makeWorkspace();
    const res = await getOne(ids.failedFirst, other.readKey);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Delivery not found.");
  });
});
