// Deliveries made at once, without a dispatcher: the test event, and the connect-time SSRF guard on webhooks whose URL
// was changed behind the creation check's back, or whose hostname resolves to an internal address. No event is ever
// written in these workspaces, so no dispatcher (of another test file) has anything of theirs to deliver.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { redeliverWebhookDelivery } from "@/server/services/webhooks/redeliver-webhook-delivery";
import { sendTestWebhook } from "@/server/services/webhooks/send-test-webhook";
import type { Resolver } from "@/server/webhooks/address-guard";
import { makeWorkspace } from "../support/fixtures";
import {
  deliveriesOf,
  dispatcherEnv,
  header,
  startReceiver,
  verifySignature,
  webhookState,
  applyDispatcherEnv,
  type Receiver,
} from "../support/webhook-receiver";

let receiver: Receiver;
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = applyDispatcherEnv();
  receiver = await startReceiver((req) =>
    req.path.endsWith("/broken") ? { status: 500, body: "no" } : { status: 204 },
  );
});

afterEach(() => {
  process.env.WEBHOOK_ALLOWED_HOSTS = dispatcherEnv.WEBHOOK_ALLOWED_HOSTS;
});

afterAll(async () => {
  restoreEnv();
  await receiver.close();
});

/** A webhook created on the receiver (allow-listed 127.0.0.1), then pointed at `url` directly in the database. */
async function webhookAt(url?: string) {
  const ws = await makeWorkspace();
  const webhook = await createWebhook({
    workspaceId: ws.id,
    input: { url: receiver.url, events: ["contact.created"] },
  });
  if (url) await sql(`UPDATE "Webhook" SET url = $2 WHERE id = $1`, [webhook.id, url]);
  return {
    ws,
    webhook,
    send: (resolver?: Resolver) => sendTestWebhook({ workspaceId: ws.id, webhookId: webhook.id, resolver }),
  };
}

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("test events", () => {
  it("sends a signed webhook.test, records it with its payload, and counts its success", async () => {
    const { ws, webhook, send } = await webhookAt();
    const before = receiver.received.length;
    const delivery = await send();
    const request = receiver.received[before]!;
    expect(receiver.received).toHaveLength(before + 1);
    expect(delivery).toMatchObject({
      webhookId: webhook.id,
      eventType: "webhook.test",
      trigger: "test",
      status: "success",
      responseStatus: 204,
      attemptCount: 1,
      nextRetryAt: null,
      error: null,
    });
    expect(delivery.payload).toEqual(JSON.parse(request.body));
    expect(delivery.payload).toMatchObject({ id: delivery.eventId, type: "webhook.test", workspaceId: ws.id });
    expect(header(request, "x-service-event-id")).toBe(delivery.eventId);
    expect(header(request, "x-service-event-type")).toBe("webhook.test");
    expect(verifySignature(header(request, "x-service-signature"), request.body, webhook.secret)).toBe(true);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ id: delivery.id, taskId: null });
    expect(await webhookState(webhook.id)).toMatchObject({
      consecutiveFailures: 0,
      failingSince: null,
      lastSuccessAt: new Date(delivery.attemptedAt),
      lastFailureAt: null,
    });
  });

  it("a successful test resets a failing webhook's run of failures, as a delivered event does", async () => {
    const { webhook, send } = await webhookAt();
    const failingSince = new Date(Date.now() - 3_600_000);
    await sql(
      `UPDATE "Webhook" SET "consecutiveFailures" = 7, "failingSince" = $2, "lastFailureAt" = $2 WHERE id = $1`,
      [webhook.id, failingSince],
    );
    const delivery = await send();
    expect(delivery.status).toBe("success");
    expect(await webhookState(webhook.id)).toMatchObject({
      consecutiveFailures: 0,
      failingSince: null,
      lastSuccessAt: new Date(delivery.attemptedAt),
      lastFailureAt: failingSince,
    });
  });

  it("records a failed test event without counting it as a failure of the webhook", async () => {
    const { webhook, send } = await webhookAt(`${receiver.url}/broken`);
    // Already at the edge of the auto-disable rule: a failing test must not push it over (nor count at all).
    await sql(
      `UPDATE "Webhook" SET "consecutiveFailures" = 999, "failingSince" = now() - interval '30 days' WHERE id = $1`,
      [webhook.id],
    );
    const delivery = await send();
    expect(delivery).toMatchObject({ status: "failed", responseStatus: 500, responseBody: "no", nextRetryAt: null });
    expect(await webhookState(webhook.id)).toMatchObject({
      consecutiveFailures: 999,
      lastFailureAt: null,
      isActive: true,
    });
  });
});

describe("SSRF guard at connect time", () => {
  const refusal = (host: string, address = host) =>
    `Refused to connect to ${host}: ${address} is a private or reserved address.`;

  it.each([
    ["http://10.0.0.1/hook", "10.0.0.1"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["http://100.100.100.200/", "100.100.100.200"],
    ["http://[fd00:ec2::254]/", "fd00:ec2::254"],
  ])("refuses %s, set in the database", async (url, address) => {
    const { send } = await webhookAt(url);
    expect(await send()).toMatchObject({ status: "failed", responseStatus: null, error: refusal(address) });
  });

  it("refuses the receiver's own 127.0.0.1 once it is not allow-listed, and in its IPv6 forms", async () => {
    const port = receiver.port;
    const before = receiver.received.length;
    for (const [url, host] of [
      [`http://[::1]:${port}/hook`, "::1"],
      [`http://[::ffff:127.0.0.1]:${port}/hook`, "::ffff:7f00:1"],
      [`http://[::127.0.0.1]:${port}/hook`, "::7f00:1"],
    ] as const) {
      const { send } = await webhookAt(url);
      expect(await send(), url).toMatchObject({ status: "failed", error: refusal(host) });
    }
    const { send } = await webhookAt();
    process.env.WEBHOOK_ALLOWED_HOSTS = "hooks.example.com";
    expect(await send()).toMatchObject({ status: "failed", error: refusal("127.0.0.1") });
    expect(receiver.received).toHaveLength(before);
    process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
    expect(await send()).toMatchObject({ status: "success" });
    expect(receiver.received).toHaveLength(before + 1);
  });

  it("refuses a hostname that resolves to an internal address unless it is allow-listed", async () => {
    const { send } = await webhookAt(`http://hooks.test:${receiver.port}/hook`);
    const before = receiver.received.length;
    process.env.WEBHOOK_ALLOWED_HOSTS = "";
    expect(await send(resolvesTo("127.0.0.1"))).toMatchObject({
      status: "failed",
      error: refusal("hooks.test", "127.0.0.1"),
    });
    expect(await send(resolvesTo("::1"))).toMatchObject({ error: refusal("hooks.test", "::1") });
    expect(await send(resolvesTo("::ffff:127.0.0.1"))).toMatchObject({
      error: refusal("hooks.test", "::ffff:127.0.0.1"),
    });
    expect(await send(resolvesTo("10.1.2.3", "::ffff:169.254.169.254"))).toMatchObject({
      error: refusal("hooks.test", "10.1.2.3"),
    });
    expect(await send(async () => [])).toMatchObject({ error: "Refused to connect to hooks.test: it has no address." });
    expect(receiver.received).toHaveLength(before);

    // Allow-listed by name, or by the address it resolves to.
    for (const allowed of ["hooks.test", "127.0.0.1"]) {
      process.env.WEBHOOK_ALLOWED_HOSTS = allowed;
      expect(await send(resolvesTo("127.0.0.1")), allowed).toMatchObject({ status: "success", responseStatus: 204 });
    }
    expect(receiver.received).toHaveLength(before + 2);
  });

  it("guards a redelivery the same way", async () => {
    const { ws, webhook, send } = await webhookAt(`http://hooks.test:${receiver.port}/hook`);
    process.env.WEBHOOK_ALLOWED_HOSTS = "hooks.test";
    const first = await send(resolvesTo("127.0.0.1"));
    expect(first.status).toBe("success");
    const before = receiver.received.length;
    process.env.WEBHOOK_ALLOWED_HOSTS = "";
    const again = await redeliverWebhookDelivery({
      workspaceId: ws.id,
      webhookId: webhook.id,
      deliveryId: first.id,
      resolver: resolvesTo("127.0.0.1"),
    });
    expect(again).toMatchObject({
      eventId: first.eventId,
      status: "failed",
      error: refusal("hooks.test", "127.0.0.1"),
      attemptCount: 2,
    });
    expect(receiver.received).toHaveLength(before);
  });
});
