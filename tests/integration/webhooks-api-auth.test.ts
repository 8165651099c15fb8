// The auth and isolation matrix over every webhook route (tests/support/auth-matrix.ts), including test and redeliver, whose
// delivery behaviour is tested with the delivery engine: here only who may call them.
import { beforeAll, describe, expect, it } from "vitest";
import * as webhooks from "@/app/api/v1/webhooks/route";
import * as webhook from "@/app/api/v1/webhooks/[id]/route";
import * as rotate from "@/app/api/v1/webhooks/[id]/rotate-secret/route";
import * as test from "@/app/api/v1/webhooks/[id]/test/route";
import * as deliveries from "@/app/api/v1/webhooks/[id]/deliveries/route";
import * as delivery from "@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/route";
import * as redeliver from "@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";
import { describeAuthMatrix } from "../support/auth-matrix";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let a: Ws;
let b: Ws;
let hookOfA: { id: string; url: string; events: string[]; updatedAt: string };
let deliveryOfA: string;
let hookOfB: string;

beforeAll(async () => {
  a = await makeWorkspace();
  b = await makeWorkspace();
  // The event comes first: no fan-out task, so no dispatcher (of another test file) ever sends it anywhere.
  const event = await db().event.create({
    data: { workspaceId: a.id, type: "contact.created", payload: { contactId: a.id, email: "a@example.com" } },
  });
  const res = await call(webhooks.POST, "POST", "/api/v1/webhooks", {
    key: a.writeKey,
    body: { url: "https://93.184.216.34/a", events: ["contact.created"] },
  });
  hookOfA = res.body.data;
  const row = await db().webhookDelivery.create({
    data: {
      workspaceId: a.id,
      webhookId: hookOfA.id,
      eventId: event.id,
      eventType: event.type,
      trigger: "event",
      status: "success",
      requestHeaders: {},
      responseHeaders: {},
      responseBody: "",
      responseTimeMs: 3,
      attemptCount: 1,
      attemptedAt: new Date(),
      deliveredAt: new Date(),
    },
  });
  deliveryOfA = row.id;
  const own = await call(webhooks.POST, "POST", "/api/v1/webhooks", {
    key: b.writeKey,
    body: { url: "https://93.184.216.34/b", events: ["broadcast.sent"] },
  });
  hookOfB = own.body.data.id;
});

const item = () => `/api/v1/webhooks/${hookOfA.id}`;
const params = () => ({ id: hookOfA.id });
const deliveryPath = () => `${item()}/deliveries/${deliveryOfA}`;
const deliveryParams = () => ({ id: hookOfA.id, deliveryId: deliveryOfA });

describeAuthMatrix(
  [
    { name: "list webhooks", method: "GET", handler: webhooks.GET, path: () => "/api/v1/webhooks" },
    {
      name: "create webhook",
      method: "POST",
      handler: webhooks.POST,
      path: () => "/api/v1/webhooks",
      body: () => ({ url: "https://93.184.216.34/matrix", events: ["contact.created"] }),
    },
    { name: "get webhook", method: "GET", handler: webhook.GET, path: item, params },
    {
      name: "update webhook",
      method: "PATCH",
      handler: webhook.PATCH,
      path: item,
      params,
      body: () => ({ isActive: false }),
    },
    { name: "delete webhook", method: "DELETE", handler: webhook.DELETE, path: item, params },
    { name: "rotate secret", method: "POST", handler: rotate.POST, path: () => `${item()}/rotate-secret`, params },
    { name: "send test event", method: "POST", handler: test.POST, path: () => `${item()}/test`, params },
    {
      name: "list deliveries",
      method: "GET",
      handler: deliveries.GET,
      path: () => `${item()}/deliveries`,
      params,
    },
    { name: "get delivery", method: "GET", handler: delivery.GET, path: deliveryPath, params: deliveryParams },
    {
      name: "redeliver",
      method: "POST",
      handler: redeliver.POST,
      path: () => `${deliveryPath()}/redeliver`,
      params: deliveryParams,
    },
  ],
  () => a,
  () => b,
);

describe("workspace isolation", () => {
  it("lists only the caller's webhooks and leaves A's webhook untouched after the matrix", async () => {
    const list = await call(webhooks.GET, "GET", "/api/v1/webhooks", { key: b.readKey });
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((w: { workspaceId: string }) => w.workspaceId === b.id)).toBe(true);

    const still = await call(webhook.GET, "GET", item(), { key: a.readKey, params: params() });
    expect(still.body.data).toMatchObject({
      url: hookOfA.url,
      events: hookOfA.events,
      isActive: true,
      previousSecretExpiresAt: null,
      updatedAt: hookOfA.updatedAt,
    });
    expect(await db().webhookDelivery.count({ where: { webhookId: hookOfA.id } })).toBe(1);
  });

  it("answers 404 when a delivery id of A is paired with a webhook of B, even for B's own key", async () => {
    const mixed = { id: hookOfB, deliveryId: deliveryOfA };
    const path = `/api/v1/webhooks/${hookOfB}/deliveries/${deliveryOfA}`;
    expect((await call(delivery.GET, "GET", path, { key: b.readKey, params: mixed })).status).toBe(404);
    expect((await call(redeliver.POST, "POST", `${path}/redeliver`, { key: b.writeKey, params: mixed })).status).toBe(
      404,
    );
  });
});
