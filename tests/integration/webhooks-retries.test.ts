// A receiver that fails: retries on the schedule with the same event id, Retry-After, a spent schedule, timeouts,
// oversized replies, redirects, and internal addresses refused by the connect-time guard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { createContact } from "@/server/services/contacts/create-contact";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import type { Dispatcher } from "@/server/webhooks/dispatcher";
import { makeWorkspace } from "../support/fixtures";
import {
  deliveriesOf,
  dispatcherEnv,
  eventually,
  gate,
  header,
  inTurn,
  ok,
  sleep,
  startReceiver,
  startTestDispatcher,
  tasksOf,
  webhookState,
  type Reply,
} from "../support/webhook-receiver";

let dispatcher: Dispatcher;
const closers: (() => Promise<void>)[] = [];

beforeAll(() => {
  dispatcher = startTestDispatcher();
});

afterAll(async () => {
  await dispatcher.stop();
  await Promise.all(closers.map((close) => close()));
});

/** A workspace with one contact.created webhook on a fresh receiver, and a way to emit one event. */
async function setup(reply: Reply) {
  const receiver = await startReceiver(reply);
  closers.push(receiver.close);
  const ws = await makeWorkspace();
  const webhook = await createWebhook({
    workspaceId: ws.id,
    input: { url: receiver.url, events: ["contact.created"] },
  });
  const emit = (email = `c${Date.now()}@example.com`) => createContact({ workspaceId: ws.id, input: { email } });
  return { ws, webhook, receiver, emit };
}

const scheduleLength = dispatcherEnv.WEBHOOK_RETRY_SCHEDULE.split(",").length;
const recorded = (webhookId: string, count: number) =>
  eventually(async () => {
    const rows = await deliveriesOf(webhookId);
    return rows.length >= count && rows;
  });

describe("webhook retries", () => {
  it("retries a failing receiver with the same event id until it answers 2xx, and counts the failures", async () => {
    const third = gate();
    const { webhook, receiver, emit } = await setup((_req, i) =>
      i < 2 ? { status: 500, body: "down" } : third.answer,
    );
    await emit();
    await receiver.waitFor(3);
    // The third attempt is claimed only once the second failure is recorded, and its reply is held back: the
    // counters now show two failures in a row.
    const between = await webhookState(webhook.id);
    third.release(ok);
    expect(between).toMatchObject({ consecutiveFailures: 2, lastSuccessAt: null, isActive: true });
    expect(between.failingSince).not.toBeNull();

    const rows = await eventually(async () => {
      const r = await deliveriesOf(webhook.id);
      return r.length === 3 && r;
    });
    expect(receiver.received.map((r) => header(r, "x-service-attempt"))).toEqual(["1", "2", "3"]);
    const eventIds = new Set(receiver.eventIds());
    expect(eventIds.size).toBe(1);
    expect(rows.map((d) => [d.status, d.attemptCount, d.responseStatus])).toEqual([
      ["failed", 1, 500],
      ["failed", 2, 500],
      ["success", 3, 200],
    ]);
    expect(rows.every((d) => eventIds.has(d.eventId) && d.trigger === "event")).toBe(true);
    expect(rows.map((d) => d.nextRetryAt !== null)).toEqual([true, true, false]);
    expect(rows.map((d) => d.deliveredAt !== null)).toEqual([false, false, true]);
    expect(rows[0]!.error).toBe("The receiver answered 500.");
    expect(rows[0]!.responseBody).toBe("down");
    // A retry is never made before the time its failure recorded.
    expect(+rows[1]!.attemptedAt).toBeGreaterThanOrEqual(+rows[0]!.nextRetryAt!);
    expect(+rows[2]!.attemptedAt).toBeGreaterThanOrEqual(+rows[1]!.nextRetryAt!);

    const [task] = await tasksOf(webhook.id);
    expect(task).toMatchObject({ status: "delivered", attemptCount: 3 });
    const after = await webhookState(webhook.id);
    expect(after).toMatchObject({ consecutiveFailures: 0, failingSince: null });
    expect(after.lastFailureAt).not.toBeNull();
    expect(after.lastSuccessAt).not.toBeNull();
    expect(+after.lastSuccessAt!).toBeGreaterThan(+after.lastFailureAt!);
  });

  it("waits at least Retry-After on a 429 or a 503", async () => {
    const cases = await Promise.all(
      [429, 503].map((status) => setup(inTurn({ status, headers: { "retry-after": "2" } }, ok))),
    );
    for (const { emit } of cases) await emit();
    for (const { webhook, receiver } of cases) {
      const rows = await recorded(webhook.id, 2);
      expect(rows.map((d) => d.status)).toEqual(["failed", "success"]);
      expect(+rows[0]!.nextRetryAt! - +rows[0]!.attemptedAt).toBeGreaterThanOrEqual(2_000);
      expect(+rows[1]!.attemptedAt).toBeGreaterThanOrEqual(+rows[0]!.nextRetryAt!);
      expect(receiver.received).toHaveLength(2);
    }
  });

  it("fails the task for good once the schedule is spent, and sends nothing more", async () => {
    const { webhook, receiver, emit } = await setup(() => ({ status: 500 }));
    await emit();
    const [task] = await eventually(async () => {
      const tasks = await tasksOf(webhook.id);
      return tasks[0]?.status === "failed" && tasks;
    });
    expect(task!.attemptCount).toBe(scheduleLength + 1);
    const rows = await recorded(webhook.id, scheduleLength + 1);
    expect(rows.map((d) => d.attemptCount)).toEqual([1, 2, 3, 4]);
    expect(rows.every((d) => d.status === "failed")).toBe(true);
    expect(rows.map((d) => d.nextRetryAt !== null)).toEqual([true, true, true, false]);
    await sleep(500); // longer than the longest wait of the schedule
    expect(receiver.received).toHaveLength(scheduleLength + 1);
    expect(await deliveriesOf(webhook.id)).toHaveLength(scheduleLength + 1);
    // Four failures, but for minutes rather than WEBHOOK_DISABLE_AFTER: still enabled.
    expect(await webhookState(webhook.id)).toMatchObject({ consecutiveFailures: 4, isActive: true });
  });
});

describe("webhook replies that are not answers", () => {
  it("records a receiver that never answers as a timed-out failure, and retries it", async () => {
    const { webhook, emit } = await setup(inTurn("hang", ok));
    await emit();
    const rows = await recorded(webhook.id, 2);
    expect(rows[0]).toMatchObject({ status: "failed", responseStatus: null, attemptCount: 1, deliveredAt: null });
    expect(rows[0]!.error).toBe(`No complete response within ${dispatcherEnv.WEBHOOK_TIMEOUT.replace("s", " s")}.`);
    expect(rows[1]).toMatchObject({ status: "success", attemptCount: 2 });
  });

  it("keeps at most 64 KB of a reply", async () => {
    const { webhook, emit } = await setup(() => ({ status: 200, body: "x".repeat(200_000) }));
    await emit();
    const [row] = await recorded(webhook.id, 1);
    expect(row!.status).toBe("success");
    expect(Buffer.byteLength(row!.responseBody)).toBe(65_536);
  });

  it("does not follow a redirect", async () => {
    const target = await startReceiver();
    closers.push(target.close);
    const { webhook, receiver, emit } = await setup(() => ({ status: 302, headers: { location: target.url } }));
    await emit();
    const rows = await recorded(webhook.id, 2);
    expect(rows[0]).toMatchObject({ status: "failed", responseStatus: 302 });
    expect(rows[0]!.error).toBe(`Redirects are not followed (302 to ${target.url}).`);
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    expect(target.received).toEqual([]);
  });

  it.each(["http://10.0.0.1:9/hook", "http://169.254.169.254/latest/meta-data/", "http://[::1]:9/hook"])(
    "refuses to connect to %s, set in the database behind the URL check's back",
    async (url) => {
      const { webhook, emit } = await setup(() => ok);
      await sql(`UPDATE "Webhook" SET url = $2 WHERE id = $1`, [webhook.id, url]);
      await emit();
      const [row] = await recorded(webhook.id, 1);
      expect(row).toMatchObject({ status: "failed", responseStatus: null });
      expect(row!.error).toMatch(/^Refused to connect to .*: .* is a private or reserved address\.$/);
    },
  );
});
