// A worker killed in the middle of deliveries loses nothing: its claimed tasks come back when their leases run out
// and another worker delivers them (at least once; receivers de-duplicate on the event id). Real worker processes,
// and no in-process dispatcher here; a dispatcher of another test file may deliver some of these tasks too, so the
// assertions hold whoever delivers.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "@/server/db/pool";
import { batchUpsertContacts } from "@/server/services/contacts/batch-upsert-contacts";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { makeWorkspace } from "../support/fixtures";
import {
  deliveriesOf,
  dispatcherEnv,
  eventually,
  header,
  ok,
  startReceiver,
  tasksOf,
  applyDispatcherEnv,
  type Receiver,
} from "../support/webhook-receiver";

type Worker = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const workers: Worker[] = [];
let receiver: Receiver | undefined;
const restoreEnv = applyDispatcherEnv(); // for createWebhook's URL check

afterAll(async () => {
  restoreEnv();
  for (const { child } of workers) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver?.close();
});

function startWorker(): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, ...dispatcherEnv, DATABASE_URL: inject("databaseUrl"), WEBHOOK_POLL_INTERVAL: "50ms" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const worker = { child, output: () => output, exited };
  workers.push(worker);
  return worker;
}

const ready = (worker: Worker) => eventually(async () => worker.output().includes("[worker] Ready"), 30_000);

describe("worker killed mid-delivery", () => {
  it("delivers every event once the killed worker's leases run out", async () => {
    receiver = await startReceiver(() => "hang");
    const ws = await makeWorkspace();
    const webhook = await createWebhook({
      workspaceId: ws.id,
      input: { url: receiver.url, events: ["contact.created"] },
    });
    const first = startWorker();
    await ready(first);

    await batchUpsertContacts({
      workspaceId: ws.id,
      input: {
        contacts: Array.from({ length: 20 }, (_, i) => ({ email: `crash${i}@example.com` })),
        updateExisting: true,
      },
    });
    const eventIds = (
      await sql<{ id: string }>(`SELECT id FROM "Event" WHERE "workspaceId" = $1 AND type = 'contact.created'`, [ws.id])
    ).map((e) => e.id);
    expect(eventIds).toHaveLength(20);

    // Requests are in flight (the receiver holds them): kill the worker before any of them times out.
    await receiver.waitFor(5);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    receiver.setReply(() => ok);
    const second = startWorker();
    await ready(second);

    const tasks = await eventually(async () => {
      const t = await tasksOf(webhook.id);
      return t.length === 20 && t.every((task) => task.status === "delivered") && t;
    }, 30_000);
    const records = await deliveriesOf(webhook.id);
    const successes = records.filter((d) => d.status === "success");
    expect(successes.map((d) => d.taskId).sort()).toEqual(tasks.map((t) => t.id).sort());
    expect(new Set(receiver.eventIds())).toEqual(new Set(eventIds));
    // The killed worker's attempts were sent and never recorded; they were made again under a later attempt number.
    expect(receiver.received.length).toBeGreaterThan(records.length);
    expect(successes.some((d) => d.attemptCount >= 2)).toBe(true);
    for (const request of receiver.received) expect(eventIds).toContain(header(request, "x-service-event-id"));

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain("[worker] Stopped cleanly.");
  }, 90_000);
});
