// One slow endpoint with a backlog cannot take every delivery slot: another webhook's event goes out while the slow
// one's requests are all still hanging. Without the per-webhook share, the backlog (more events than slots) would
// fill all of the dispatcher's slots and the other event would wait for their timeouts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvents } from "@/server/events/record-event";
import { db } from "@/server/db/client";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import type { Dispatcher } from "@/server/webhooks/dispatcher";
import { webhookSettings } from "@/server/webhooks/settings";
import { makeWorkspace } from "../support/fixtures";
import { startReceiver, startTestDispatcher } from "../support/webhook-receiver";

let dispatcher: Dispatcher;
beforeAll(() => {
  dispatcher = startTestDispatcher();
});
afterAll(async () => {
  await dispatcher.stop();
});

describe("webhook fairness", () => {
  it("delivers a healthy webhook's event while a slow webhook's backlog hangs", async () => {
    const slow = await startReceiver(() => "hang");
    let slowWhenHealthyArrived = -1;
    const healthy = await startReceiver(() => {
      slowWhenHealthyArrived = slow.received.length;
      return { status: 200 };
    });
    try {
      const ws = await makeWorkspace();
      await createWebhook({ workspaceId: ws.id, input: { url: slow.url, events: ["contact.tag_added"] } });
      await createWebhook({ workspaceId: ws.id, input: { url: healthy.url, events: ["contact.tag_removed"] } });
      const backlog = webhookSettings.concurrency() * 2;
      await db().$transaction((tx) =>
        recordEvents(
          tx,
          ws.id,
          Array.from({ length: backlog }, (_, i) => ({ type: "contact.tag_added", payload: { n: i } })),
        ),
      );
      await slow.waitFor(webhookSettings.concurrencyPerWebhook());
      await db().$transaction((tx) =>
        recordEvents(tx, ws.id, [{ type: "contact.tag_removed", payload: { healthy: true } }]),
      );
      await healthy.waitFor(1);
      // When the healthy event arrived, the slow webhook had exactly its share of requests out, all still hanging
      // (a timed-out one would have been followed by more of its backlog).
      expect(slowWhenHealthyArrived).toBe(webhookSettings.concurrencyPerWebhook());
      expect(webhookSettings.concurrencyPerWebhook()).toBeLessThan(webhookSettings.concurrency());
    } finally {
      await slow.close();
      await healthy.close();
    }
  });
});
