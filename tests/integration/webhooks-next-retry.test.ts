// "Next retry" in the delivery log (API list, API record and the dashboard's action read the same service) is shown
// only while a retry is really scheduled: the task still pending with its next attempt ahead, on an active webhook,
// and the record is the task's latest attempt. Rows are written as the engine writes them; the events exist before
// the webhooks, so no fan-out task is made and no dispatcher of another test file touches them.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/webhooks/route";
import * as deliveries from "@/app/api/v1/webhooks/[id]/deliveries/route";
import * as delivery from "@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/route";
import { db } from "@/server/db/client";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let eventId: string;
const inAnHour = () => new Date(Date.now() + 3_600_000);

beforeAll(async () => {
  ws = await makeWorkspace();
  const event = await db().event.create({
    data: { workspaceId: ws.id, type: "contact.created", payload: { contactId: randomUUID(), email: "a@x.test" } },
  });
  eventId = event.id;
});

async function makeWebhook() {
  const res = await call(collection.POST, "POST", "/api/v1/webhooks", {
    key: ws.writeKey,
    body: { url: "https://93.184.216.34/hooks", events: ["contact.created"] },
  });
  return res.body.data.id as string;
}

type Task = { status: "pending" | "paused" | "delivered" | "failed"; attemptCount: number; nextAttemptAt: Date };

/** A webhook with one task in the given state and one failed attempt record (attemptCount 1, retry stored). */
async function scenario(task: Task, opts: { trigger?: "event" | "test"; webhookActive?: boolean } = {}) {
  const webhookId = await makeWebhook();
  if (opts.webhookActive === false) await db().webhook.update({ where: { id: webhookId }, data: { isActive: false } });
  const row = await db().webhookTask.create({ data: { workspaceId: ws.id, webhookId, eventId, ...task } });
  const test = opts.trigger === "test";
  const record = await db().webhookDelivery.create({
    data: {
      workspaceId: ws.id,
      webhookId,
      taskId: test ? null : row.id,
      eventId: test ? randomUUID() : eventId,
      eventType: test ? "webhook.test" : "contact.created",
      payload: test ? { id: "t", type: "webhook.test", data: {} } : undefined,
      trigger: opts.trigger ?? "event",
      status: "failed",
      requestHeaders: {},
      responseStatus: 500,
      responseHeaders: {},
      responseBody: "no",
      responseTimeMs: 10,
      error: "The receiver answered 500.",
      attemptCount: 1,
      attemptedAt: new Date(),
      // What the engine stored at the attempt; the answer must not trust it once things moved on.
      nextRetryAt: task.nextAttemptAt,
    },
  });
  return { webhookId, deliveryId: record.id };
}

/** nextRetryAt as the API list, the API record and the dashboard's service each answer it. */
async function nextRetryEverywhere({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  const listed = await call(deliveries.GET, "GET", `/api/v1/webhooks/${webhookId}/deliveries`, {
    key: ws.readKey,
    params: { id: webhookId },
  });
  const one = await call(delivery.GET, "GET", `/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}`, {
    key: ws.readKey,
    params: { id: webhookId, deliveryId },
  });
  const dashboard = await listWebhookDeliveries({ workspaceId: ws.id, webhookId, query: { page: 1, limit: 20 } });
  expect(listed.status).toBe(200);
  expect(one.status).toBe(200);
  const answers = [listed.body.data.data[0].nextRetryAt, one.body.data.nextRetryAt, dashboard.data[0]!.nextRetryAt];
  expect(new Set(answers).size, "the three readers agree").toBe(1);
  return answers[0] as string | null;
}

describe("nextRetryAt of a delivery record", () => {
  it("is the task's next attempt while a retry is scheduled", async () => {
    const next = inAnHour();
    const s = await scenario({ status: "pending", attemptCount: 1, nextAttemptAt: next });
    expect(await nextRetryEverywhere(s)).toBe(next.toISOString());
  });

  it("follows the task when its schedule moves (a Retry-After, a lease), not the copy stored at the attempt", async () => {
    const s = await scenario({ status: "pending", attemptCount: 1, nextAttemptAt: inAnHour() });
    const later = new Date(Date.now() + 7_200_000);
    await db().webhookDelivery.update({ where: { id: s.deliveryId }, data: { nextRetryAt: new Date() } });
    await db().webhookTask.updateMany({ where: { webhookId: s.webhookId }, data: { nextAttemptAt: later } });
    expect(await nextRetryEverywhere(s)).toBe(later.toISOString());
  });

  it.each([
    ["delivered since", { status: "delivered", attemptCount: 2 }],
    ["the schedule is spent", { status: "failed", attemptCount: 1 }],
    ["a later attempt superseded this one", { status: "pending", attemptCount: 2 }],
    ["the webhook was disabled (task paused)", { status: "paused", attemptCount: 1 }],
  ] as const)("is null once %s", async (_label, task) => {
    const s = await scenario({ ...task, nextAttemptAt: inAnHour() });
    expect(await nextRetryEverywhere(s)).toBeNull();
  });

  it("is null on a disabled webhook even before its tasks are paused", async () => {
    const s = await scenario(
      { status: "pending", attemptCount: 1, nextAttemptAt: inAnHour() },
      { webhookActive: false },
    );
    expect(await nextRetryEverywhere(s)).toBeNull();
  });

  it("is null for a failed test delivery (tests are never retried)", async () => {
    const s = await scenario({ status: "pending", attemptCount: 1, nextAttemptAt: inAnHour() }, { trigger: "test" });
    expect(await nextRetryEverywhere(s)).toBeNull();
  });
});
