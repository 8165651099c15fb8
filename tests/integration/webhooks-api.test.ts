// Webhooks through the real route handlers and the real database: create (secret once, encrypted at rest), URL and
// event validation, list, update (re-enable resets the failure run), delete.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/webhooks/route";
import * as item from "@/app/api/v1/webhooks/[id]/route";
import { db } from "@/server/db/client";
import { openSecret } from "@/server/secret-box";
import type { Resolver } from "@/server/webhooks/address-guard";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { updateWebhook } from "@/server/services/webhooks/update-webhook";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

// An IP literal: a public address needs no DNS lookup, so tests do not depend on the network.
const URL_OK = "https://93.184.216.34/hooks/sendwell";
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const create = (body: unknown, key = ws.writeKey) => call(collection.POST, "POST", "/api/v1/webhooks", { key, body });
const byId = (method: "GET" | "PATCH" | "DELETE", id: string, opts: { key?: string; body?: unknown } = {}) =>
  call(item[method], method, `/api/v1/webhooks/${id}`, {
    key: opts.key ?? ws.writeKey,
    body: opts.body,
    params: { id },
  });
const pointers = (body: { errors?: { pointer: string }[] }) => (body.errors ?? []).map((e) => e.pointer);
const resolvesTo =
  (address: string): Resolver =>
  async () => [{ address, family: address.includes(":") ? 6 : 4 }];

beforeAll(async () => {
  ws = await makeWorkspace();
});

describe("POST /api/v1/webhooks", () => {
  it("creates a webhook with every field of the spec and a whsec_ secret shown only here", async () => {
    const res = await create({ url: URL_OK, events: ["contact.created", "broadcast.sent"] });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: ws.id,
      url: URL_OK,
      events: ["contact.created", "broadcast.sent"],
      isActive: true,
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      disabledAt: null,
      disabledReason: null,
      previousSecretExpiresAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });

    const { secret, ...webhook } = res.body.data;
    const read = await byId("GET", webhook.id, { key: ws.readKey });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(webhook);
    expect(JSON.stringify(read.body)).not.toContain(secret);
    const list = await call(collection.GET, "GET", "/api/v1/webhooks", { key: ws.readKey });
    const listed = list.body.data.find((w: { id: string }) => w.id === webhook.id);
    expect(listed).toEqual(webhook);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it("stores the secret encrypted: the column does not hold it, and opening it gives it back", async () => {
    const { body } = await create({ url: URL_OK, events: ["contact.created"] });
    const row = await db().webhook.findUniqueOrThrow({
      where: { id: body.data.id },
      select: { secretCiphertext: true, previousSecretCiphertext: true },
    });
    expect(row.secretCiphertext).not.toContain(body.data.secret);
    expect(row.secretCiphertext).not.toContain(body.data.secret.slice("whsec_".length));
    expect(openSecret(row.secretCiphertext)).toBe(body.data.secret);
    expect(row.previousSecretCiphertext).toBeNull();
  });

  it("gives every webhook its own secret, drops duplicate events and accepts isActive false", async () => {
    const a = await create({ url: URL_OK, events: ["contact.created", "contact.created", "form.submitted"] });
    const b = await create({ url: URL_OK, events: ["contact.deleted"], isActive: false });
    expect(a.body.data.secret).not.toBe(b.body.data.secret);
    expect(a.body.data.events).toEqual(["contact.created", "form.submitted"]);
    expect(b.body.data).toMatchObject({ isActive: false, disabledAt: null });
  });

  it.each([
    ["no events", { url: URL_OK, events: [] }, "#/events"],
    ["an unknown event", { url: URL_OK, events: ["contact.nope"] }, "#/events/0"],
    ["an unknown event after a good one", { url: URL_OK, events: ["contact.created", "nope"] }, "#/events/1"],
    ["events missing", { url: URL_OK }, "#/events"],
    ["url missing", { events: ["contact.created"] }, "#/url"],
    ["not a URL", { url: "hooks.example.com/x", events: ["contact.created"] }, "#/url"],
    ["a URL too long", { url: `https://93.184.216.34/${"x".repeat(2048)}`, events: ["contact.created"] }, "#/url"],
    ["plain http", { url: "http://93.184.216.34/x", events: ["contact.created"] }, "#/url"],
    ["another scheme", { url: "ftp://93.184.216.34/x", events: ["contact.created"] }, "#/url"],
    ["credentials", { url: "https://user:pw@93.184.216.34/x", events: ["contact.created"] }, "#/url"],
    ["a private address", { url: "https://10.0.0.1/x", events: ["contact.created"] }, "#/url"],
    ["the metadata address", { url: "https://169.254.169.254/", events: ["contact.created"] }, "#/url"],
    ["IPv6 loopback", { url: "https://[::1]/", events: ["contact.created"] }, "#/url"],
    ["IPv4-mapped loopback", { url: "https://[::ffff:127.0.0.1]/", events: ["contact.created"] }, "#/url"],
    ["localhost", { url: "https://localhost/", events: ["contact.created"] }, "#/url"],
    ["an unknown member", { url: URL_OK, events: ["contact.created"], secret: "whsec_mine" }, "#"],
  ])("answers 422 with a pointer for %s", async (_, body, pointer) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 422, instance: "/api/v1/webhooks" });
    expect(pointers(res.body)).toContain(pointer);
  });

  it("refuses a hostname that resolves to a private address", async () => {
    for (const address of ["10.1.2.3", "127.0.0.1", "169.254.169.254", "fd00:ec2::254", "::ffff:192.168.1.1"]) {
      await expect(
        createWebhook({
          workspaceId: ws.id,
          input: { url: "https://hooks.example.com/x", events: ["contact.created"] },
          resolver: resolvesTo(address),
        }),
      ).rejects.toMatchObject({
        status: 422,
        errors: [{ pointer: "#/url", detail: expect.stringContaining(address) }],
      });
    }
    const ok = await createWebhook({
      workspaceId: ws.id,
      input: { url: "https://hooks.example.com/x", events: ["contact.created"] },
      resolver: resolvesTo("93.184.216.34"),
    });
    expect(ok.url).toBe("https://hooks.example.com/x");
  });

  it("accepts plain http to a host listed in WEBHOOK_ALLOWED_HOSTS", async () => {
    const before = process.env.WEBHOOK_ALLOWED_HOSTS;
    process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
    try {
      const res = await create({ url: "http://127.0.0.1:9/x", events: ["contact.created"] });
      expect(res.status).toBe(201);
      expect(res.body.data.url).toBe("http://127.0.0.1:9/x");
    } finally {
      if (before === undefined) delete process.env.WEBHOOK_ALLOWED_HOSTS;
      else process.env.WEBHOOK_ALLOWED_HOSTS = before;
    }
    expect((await create({ url: "http://127.0.0.1:9/x", events: ["contact.created"] })).status).toBe(422);
  });
});

describe("GET /api/v1/webhooks", () => {
  it("pages newest first with total and totalPages, only the caller's webhooks", async () => {
    const fresh = await makeWorkspace();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await create({ url: `${URL_OK}/${i}`, events: ["contact.created"] }, fresh.writeKey)).body.data.id);
    }
    const list = (query: string) => call(collection.GET, "GET", `/api/v1/webhooks${query}`, { key: fresh.readKey });
    const first = await list("?limit=2");
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["data", "limit", "page", "total", "totalPages"]);
    expect(first.body).toMatchObject({ total: 5, page: 1, limit: 2, totalPages: 3 });
    expect(first.body.data.map((w: { id: string }) => w.id)).toEqual([ids[4], ids[3]]);
    const last = await list("?limit=2&page=3");
    expect(last.body.data.map((w: { id: string }) => w.id)).toEqual([ids[0]]);
    const beyond = await list("?limit=2&page=4");
    expect(beyond.body).toMatchObject({ data: [], total: 5, page: 4, totalPages: 3 });
    const all = await list("");
    expect(all.body).toMatchObject({ total: 5, limit: 20 });
    expect(all.body.data.every((w: { workspaceId: string }) => w.workspaceId === fresh.id)).toBe(true);
  });

  it.each(["?page=0", "?limit=0", "?limit=101", "?page=abc"])("answers 422 for %s", async (query) => {
    const res = await call(collection.GET, "GET", `/api/v1/webhooks${query}`, { key: ws.readKey });
    expect(res.status).toBe(422);
    expect(pointers(res.body)[0]).toMatch(/^#\/query\/(page|limit)$/);
  });
});

describe("PATCH /api/v1/webhooks/{id}", () => {
  it("replaces events, re-checks and normalises the url, and moves updatedAt", async () => {
    const { body } = await create({ url: URL_OK, events: ["contact.created", "contact.updated"] });
    const id = body.data.id;
    const events = await byId("PATCH", id, { body: { events: ["broadcast.sent"] } });
    expect(events.status).toBe(200);
    expect(events.body.data).toMatchObject({ id, url: URL_OK, events: ["broadcast.sent"], isActive: true });
    expect(events.body.data).not.toHaveProperty("secret");
    expect(Date.parse(events.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(body.data.updatedAt));

    for (const url of ["https://10.0.0.1/x", "http://93.184.216.34/x", "https://localhost/", "nope"]) {
      const refused = await byId("PATCH", id, { body: { url } });
      expect(refused.status).toBe(422);
      expect(pointers(refused.body)).toContain("#/url");
    }
    const moved = await byId("PATCH", id, { body: { url: "HTTPS://93.184.216.35/new" } });
    expect(moved.body.data).toMatchObject({ url: "https://93.184.216.35/new", events: ["broadcast.sent"] });
    expect((await byId("GET", id)).body.data.url).toBe("https://93.184.216.35/new");
  });

  it("re-checks a hostname with the resolver given to the service", async () => {
    const { body } = await create({ url: URL_OK, events: ["contact.created"] });
    const input = { url: "https://hooks.example.com/x" };
    await expect(
      updateWebhook({ workspaceId: ws.id, webhookId: body.data.id, input, resolver: resolvesTo("192.168.0.10") }),
    ).rejects.toMatchObject({ status: 422, errors: [{ pointer: "#/url" }] });
    const ok = await updateWebhook({
      workspaceId: ws.id,
      webhookId: body.data.id,
      input,
      resolver: resolvesTo("93.184.216.34"),
    });
    expect(ok.url).toBe("https://hooks.example.com/x");
  });

  it("disables without touching the failure run, and re-enabling an inactive webhook resets it", async () => {
    const { body } = await create({ url: URL_OK, events: ["contact.created"] });
    const id = body.data.id;
    const failingSince = new Date(Date.now() - 6 * 86_400_000);
    const lastFailureAt = new Date(Date.now() - 60_000);
    await db().webhook.update({
      where: { id },
      data: { consecutiveFailures: 7, failingSince, lastFailureAt },
    });

    const off = await byId("PATCH", id, { body: { isActive: false } });
    expect(off.body.data).toMatchObject({ isActive: false, consecutiveFailures: 7, disabledAt: null });

    // As the delivery engine leaves a webhook it turned off.
    await db().webhook.update({
      where: { id },
      data: { consecutiveFailures: 20, disabledAt: new Date(), disabledReason: "20 consecutive failures over 5 days" },
    });
    const on = await byId("PATCH", id, { body: { isActive: true } });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({
      isActive: true,
      consecutiveFailures: 0,
      disabledAt: null,
      disabledReason: null,
      lastFailureAt: lastFailureAt.toISOString(),
    });
    const row = await db().webhook.findUniqueOrThrow({ where: { id }, select: { failingSince: true } });
    expect(row.failingSince).toBeNull();
  });

  it("leaves the failure run of an already active webhook alone when isActive true is sent again", async () => {
    const { body } = await create({ url: URL_OK, events: ["contact.created"] });
    const failingSince = new Date(Date.now() - 3_600_000);
    await db().webhook.update({ where: { id: body.data.id }, data: { consecutiveFailures: 3, failingSince } });
    const res = await byId("PATCH", body.data.id, { body: { isActive: true, events: ["contact.deleted"] } });
    expect(res.body.data).toMatchObject({ isActive: true, consecutiveFailures: 3, events: ["contact.deleted"] });
    const row = await db().webhook.findUniqueOrThrow({ where: { id: body.data.id }, select: { failingSince: true } });
    expect(row.failingSince).toEqual(failingSince);
  });

  it.each([
    [{}, "#"],
    [{ events: [] }, "#/events"],
    [{ events: ["contact.nope"] }, "#/events/0"],
    [{ isActive: "yes" }, "#/isActive"],
    [{ secret: "whsec_x" }, "#"],
  ])("answers 422 for %j", async (patch, pointer) => {
    const { body } = await create({ url: URL_OK, events: ["contact.created"] });
    const res = await byId("PATCH", body.data.id, { body: patch });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toContain(pointer);
  });
});

describe("DELETE /api/v1/webhooks/{id}", () => {
  it("deletes the webhook with its tasks and deliveries, then answers 404", async () => {
    // The event comes before the webhook, so no fan-out task exists that a dispatcher of another test file could
    // claim and send out; the task written here is due only tomorrow for the same reason.
    const event = await db().event.create({
      data: { workspaceId: ws.id, type: "contact.created", payload: { contactId: randomUUID(), email: "a@b.co" } },
    });
    const { body } = await create({ url: URL_OK, events: ["contact.created"] });
    const id = body.data.id;
    const task = await db().webhookTask.create({
      data: { workspaceId: ws.id, webhookId: id, eventId: event.id, nextAttemptAt: new Date(Date.now() + 86_400_000) },
    });
    await db().webhookDelivery.create({
      data: {
        workspaceId: ws.id,
        webhookId: id,
        taskId: task.id,
        eventId: event.id,
        eventType: "contact.created",
        trigger: "event",
        status: "failed",
        requestHeaders: {},
        responseHeaders: {},
        responseBody: "",
        responseTimeMs: 5,
        attemptCount: 1,
        attemptedAt: new Date(),
      },
    });

    const res = await byId("DELETE", id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await byId("GET", id)).status).toBe(404);
    expect((await byId("DELETE", id)).status).toBe(404);
    expect(await db().webhookTask.count({ where: { webhookId: id } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { webhookId: id } })).toBe(0);
    expect(await db().event.count({ where: { id: event.id } })).toBe(1);
  });

  it("answers 404 for ids that are not UUIDs or do not exist", async () => {
    expect((await byId("GET", "not-a-uuid")).status).toBe(404);
    const missing = await byId("GET", randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Webhook not found.");
    expect((await byId("PATCH", randomUUID(), { body: { isActive: false } })).status).toBe(404);
  });
});
