// A webhook that keeps failing is disabled and its queue paused; enabling it again resumes the queue. A manual
// redelivery is the task's next attempt, and a successful one ends the failure run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { batchUpsertContacts } from "@/server/services/contacts/batch-upsert-contacts";
import { createContact } from "@/server/services/contacts/create-contact";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { deleteWebhook } from "@/server/services/webhooks/delete-webhook";
import { redeliverWebhookDelivery } from "@/server/services/webhooks/redeliver-webhook-delivery";
import { updateWebhook } from "@/server/services/webhooks/update-webhook";
import type { Dispatcher } from "@/server/webhooks/dispatcher";
import { makeWorkspace } from "../support/fixtures";
import {
  deliveriesOf,
  dispatcherEnv,
  eventually,
  gate,
  header,
  ok,
  sleep,
  startReceiver,
  startTestDispatcher,
  tasksOf,
  webhookState,
  type Answer,
  type Receiver,
  type Reply,
} from "../support/webhook-receiver";

let dispatcher: Dispatcher;
let receiver: Receiver;
/** How the receiver answers, per webhook path (the index counts that path's requests). */
const answers = new Map<string, Answer | Reply>();

beforeAll(async () => {
  dispatcher = startTestDispatcher();
  receiver = await startReceiver((req) => {
    const answer = answers.get(req.path) ?? ok;
    return typeof answer === "function" ? answer(req, requestsTo(req.path).length - 1) : answer;
  });
});

afterAll(async () => {
  await dispatcher.stop();
  await receiver.close();
});

const failure: Answer = { status: 500, body: "down" };
const requestsTo = (path: string) => receiver.received.filter((r) => r.path === path);

async function setup(path: string) {
  const ws = await makeWorkspace();
  const webhook = await createWebhook({
    workspaceId: ws.id,
    input: { url: `${receiver.url}${path}`, events: ["contact.created"] },
  });
  return { ws, webhook, path: `/hook${path}` };
}

describe("auto-disable", () => {
  it("disables a webhook failing for long enough, pauses its queue, and resumes it once enabled again", async () => {
    const { ws, webhook, path } = await setup("/disable");
    answers.set(path, failure);
    // Two failures in a run that started two hours ago (WEBHOOK_DISABLE_AFTER is 1h, and 3 failures are needed).
    await sql(
      `UPDATE "Webhook" SET "consecutiveFailures" = 2, "failingSince" = now() - interval '2 hours' WHERE id = $1`,
      [webhook.id],
    );
    expect(dispatcherEnv.WEBHOOK_DISABLE_AFTER_FAILURES).toBe("3");
    await batchUpsertContacts({
      workspaceId: ws.id,
      input: { contacts: ["d1", "d2", "d3"].map((n) => ({ email: `${n}@example.com` })), updateExisting: true },
    });

    const disabled = await eventually(async () => {
      const state = await webhookState(webhook.id);
      return !state.isActive && state;
    });
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.disabledReason).toMatch(
      /^Disabled automatically after \d+ consecutive failed deliveries since \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    expect(disabled.consecutiveFailures).toBeGreaterThanOrEqual(3);
    const tasks = await eventually(async () => {
      const t = await tasksOf(webhook.id);
      return t.every((task) => task.status === "paused") && t;
    });
    expect(tasks).toHaveLength(3);

    // Paused tasks are not attempted; a new event is held for the disabled webhook as a paused task too.
    const sent = await eventually(async () => {
      const count = requestsTo(path).length;
      return (await deliveriesOf(webhook.id)).length === count && count;
    });
    const recorded = sent;
    await createContact({ workspaceId: ws.id, input: { email: "while-disabled@example.com" } });
    await sleep(600); // twice the schedule's longest wait
    expect(requestsTo(path)).toHaveLength(sent);
    expect(await deliveriesOf(webhook.id)).toHaveLength(recorded);
    const held = await tasksOf(webhook.id);
    expect(held).toHaveLength(4);
    expect(held.every((task) => task.status === "paused")).toBe(true);

    answers.set(path, ok);
    const enabled = await updateWebhook({ workspaceId: ws.id, webhookId: webhook.id, input: { isActive: true } });
    expect(enabled).toMatchObject({ isActive: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null });
    const delivered = await eventually(async () => {
      const t = await tasksOf(webhook.id);
      return t.every((task) => task.status === "delivered") && t;
    });
    expect(delivered.map((t) => t.id).sort()).toEqual(held.map((t) => t.id).sort());
    const successes = (await deliveriesOf(webhook.id)).filter((d) => d.status === "success");
    expect(successes.map((d) => d.taskId).sort()).toEqual(held.map((t) => t.id).sort());
    expect(await webhookState(webhook.id)).toMatchObject({
      isActive: true,
      consecutiveFailures: 0,
      failingSince: null,
    });
  });

  it("disables only on both conditions: many failures over a long enough time", async () => {
    const { ws, webhook, path } = await setup("/young-run");
    const second = gate();
    answers.set(path, (_req, i) => (i === 0 ? failure : second.answer));
    // Long ago, but one failure short.
    await sql(
      `UPDATE "Webhook" SET "consecutiveFailures" = 1, "failingSince" = now() - interval '2 hours' WHERE id = $1`,
      [webhook.id],
    );
    await createContact({ workspaceId: ws.id, input: { email: "young@example.com" } });
    // The retry is claimed once the failure is recorded; its reply is held back meanwhile.
    await eventually(async () => requestsTo(path).length === 2);
    const afterOne = await webhookState(webhook.id);
    second.release(ok);
    expect(afterOne).toMatchObject({ consecutiveFailures: 2, isActive: true, disabledAt: null });
    await eventually(async () => (await tasksOf(webhook.id))[0]?.status === "delivered");
    expect(await webhookState(webhook.id)).toMatchObject({
      consecutiveFailures: 0,
      failingSince: null,
      isActive: true,
    });
  });
});

describe("redelivery", () => {
  it("sends the same event again as the task's next attempt, and a success ends the failure run", async () => {
    const { ws, webhook, path } = await setup("/redeliver");
    answers.set(path, failure);
    await createContact({ workspaceId: ws.id, input: { email: "again@example.com" } });
    const [task] = await eventually(async () => {
      const t = await tasksOf(webhook.id);
      return t[0]?.status === "failed" && t;
    });
    const rows = await deliveriesOf(webhook.id);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ status: "failed", attemptCount: task!.attemptCount });
    expect((await webhookState(webhook.id)).consecutiveFailures).toBe(rows.length);
    const firstRequest = requestsTo(path)[0]!;

    answers.set(path, ok);
    const redelivered = await redeliverWebhookDelivery({
      workspaceId: ws.id,
      webhookId: webhook.id,
      deliveryId: last.id,
    });
    expect(redelivered).toMatchObject({
      trigger: "redelivery",
      status: "success",
      eventId: last.eventId,
      eventType: "contact.created",
      attemptCount: last.attemptCount + 1,
      nextRetryAt: null,
    });
    expect(redelivered.id).not.toBe(last.id);
    const request = requestsTo(path).at(-1)!;
    expect(header(request, "x-service-event-id")).toBe(header(firstRequest, "x-service-event-id"));
    expect(header(request, "x-service-attempt")).toBe(String(last.attemptCount + 1));
    expect(JSON.parse(request.body)).toEqual(JSON.parse(firstRequest.body));
    expect(redelivered.payload).toEqual(JSON.parse(firstRequest.body));

    expect(await tasksOf(webhook.id)).toMatchObject([{ status: "delivered", attemptCount: last.attemptCount + 1 }]);
    const state = await webhookState(webhook.id);
    expect(state).toMatchObject({ consecutiveFailures: 0, failingSince: null });
    expect(state.lastSuccessAt).not.toBeNull();
  });

  it("leaves the automatic schedule alone when a redelivery fails", async () => {
    const { ws, webhook, path } = await setup("/redeliver-fails");
    answers.set(path, ok);
    await createContact({ workspaceId: ws.id, input: { email: "twice@example.com" } });
    const [delivered] = await eventually(async () => {
      const r = await deliveriesOf(webhook.id);
      return r.length === 1 && r;
    });
    answers.set(path, failure);
    const again = await redeliverWebhookDelivery({
      workspaceId: ws.id,
      webhookId: webhook.id,
      deliveryId: delivered!.id,
    });
    expect(again).toMatchObject({ trigger: "redelivery", status: "failed", attemptCount: 2, nextRetryAt: null });
    // Delivered stays delivered: nothing is retried automatically.
    await sleep(300);
    expect(await tasksOf(webhook.id)).toMatchObject([{ status: "delivered" }]);
    expect(await deliveriesOf(webhook.id)).toHaveLength(2);
  });
});

describe("a webhook deleted while its delivery is in flight", () => {
  // The record of a deleted webhook's attempt would fail on the foreign key; it used to jam the dispatcher's flush
  // for ever (the whole batch retried every second, every later outcome added to it and never recorded).
  it("does not keep the dispatcher from recording later deliveries", async () => {
    const { ws, webhook, path } = await setup("/deleted-in-flight");
    const held = gate();
    answers.set(path, () => held.answer);
    await createContact({ workspaceId: ws.id, input: { email: "gone@example.com" } });
    await eventually(async () => requestsTo(path).length === 1);
    await deleteWebhook({ workspaceId: ws.id, webhookId: webhook.id });
    held.release(ok);
    await sleep(200); // its outcome reaches the dispatcher's next flush

    const next = await setup("/after-the-deleted-one");
    await createContact({ workspaceId: next.ws.id, input: { email: "next@example.com" } });
    await eventually(async () => (await deliveriesOf(next.webhook.id)).length === 1);
    expect(await tasksOf(next.webhook.id)).toMatchObject([{ status: "delivered", attemptCount: 1 }]);
    expect(requestsTo(next.path)).toHaveLength(1);
  });
});
