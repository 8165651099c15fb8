// Exactly once across crashes, with real worker processes: a worker killed with SIGKILL in the middle of a broadcast
// (requests in flight at the provider) and a second worker started beside a third: every recipient gets the email
// once, through the fake Resend API (which, like Resend, answers a repeated idempotency key without sending again)
// and through the outbox. The workers send only this file's workspaces (SEND_WORKSPACES).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { startFakeResend, type FakeResend } from "@/scripts/fake-resend.mjs";
import { makeWorkspace } from "../support/fixtures";
import { makeBroadcast, manyContacts, seedContacts, sendNow } from "../support/sending";
import { eventually } from "../support/webhook-receiver";

type Worker = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const workers: Worker[] = [];
let fake: FakeResend | undefined;

afterAll(async () => {
  for (const { child } of workers) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await fake?.close();
  await stopJobSender();
});

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      DATABASE_URL: inject("databaseUrl"),
      SEND_POLL_INTERVAL: "50ms",
      SEND_LEASE: "3s",
      SEND_RETRY_BASE: "100ms",
      SEND_CONCURRENCY: "4",
      ...env,
    },
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

const ready = (w: Worker) =>
  eventually(async () => {
    if (w.child.exitCode !== null) throw new Error(`worker exited: ${w.output()}`);
    return w.output().includes("[worker] Ready");
  }, 30_000);

const sentCount = async (id: string) => (await db().broadcast.findUniqueOrThrow({ where: { id } })).sentCount;
const statusOf = async (id: string) => (await db().broadcast.findUniqueOrThrow({ where: { id } })).status;

describe("a worker killed mid-broadcast", () => {
  it("through Resend: the restarted workers deliver to every remaining recipient and to nobody twice", async () => {
    fake = await startFakeResend({ latencyMs: 400 });
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("crash", 2000));
    const b = await makeBroadcast(ws.id);
    const env = {
      SEND_WORKSPACES: ws.id,
      EMAIL_TRANSPORT: "resend",
      RESEND_API_KEY: "re_test_crash",
      RESEND_BASE_URL: fake.url,
    };
    const first = startWorker(env);
    await ready(first);
    await sendNow(b);
    // Each request spends 0.4 s at the provider, so at any moment the worker has batches there: killing it leaves
    // some accepted by the provider but not recorded as sent.
    // Kill right after the 6th batch request reached the provider: it is being accepted there (0.4 s) and the
    // worker can only have recorded the batches before it.
    await eventually(
      async () => fake!.requests.filter((r) => r.idempotencyKey?.startsWith(`${b.id}:`)).length >= 6,
      30_000,
    );
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    const killedAt = await sentCount(b.id);
    expect(killedAt).toBeLessThan(2000);

    const second = startWorker(env);
    const third = startWorker(env);
    await Promise.all([ready(second), ready(third)]);
    await eventually(async () => (await statusOf(b.id)) === "sent", 60_000);

    // The workers run every pg-boss job, so the fake may also get other files' test emails: count this broadcast's.
    const ours = fake.emails.filter((e) => e.tags?.some((t) => t.name === "sendwell_broadcast" && t.value === b.id));
    const accepted = ours.map((e) => (Array.isArray(e.to) ? e.to[0] : e.to));
    expect(accepted).toHaveLength(2000);
    expect(new Set(accepted).size).toBe(2000);
    // The kill left batches the provider had accepted but we had not recorded: they were sent again under their key.
    const keys = fake.requests
      .filter((r) => r.path === "/emails/batch" && r.idempotencyKey?.startsWith(`${b.id}:`))
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(20);
    expect(keys.length).toBeGreaterThan(20);
    expect(await sentCount(b.id)).toBe(2000);
    const [rows] = await sql<{ sent: number; ids: number }>(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(DISTINCT "providerMessageId")::int AS ids
         FROM "BroadcastRecipient" WHERE "broadcastId" = $1`,
      [b.id],
    );
    expect(rows).toEqual({ sent: 2000, ids: 2000 });
    for (const w of [second, third]) w.child.kill("SIGTERM");
    await Promise.all([second.exited, third.exited]);
  }, 120_000);

  it("through the outbox: the same, each recipient's message stored once", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("crashbox", 3000));
    const b = await makeBroadcast(ws.id);
    const env = { SEND_WORKSPACES: ws.id, EMAIL_TRANSPORT: "outbox", SEND_CONCURRENCY: "2" };
    const first = startWorker(env);
    await ready(first);
    await sendNow(b);
    await eventually(async () => (await sentCount(b.id)) >= 200, 30_000);
    first.child.kill("SIGKILL");
    await first.exited;
    const [second, third] = [startWorker(env), startWorker(env)];
    await Promise.all([ready(second), ready(third)]);
    await eventually(async () => (await statusOf(b.id)) === "sent", 60_000);
    const [row] = await sql<{ messages: number; recipients: number }>(
      `SELECT count(*)::int AS messages, count(DISTINCT "toAddress")::int AS recipients
         FROM "OutboxMessage" WHERE "broadcastId" = $1`,
      [b.id],
    );
    expect(row).toEqual({ messages: 3000, recipients: 3000 });
    expect(await sentCount(b.id)).toBe(3000);
    const events = await sql(`SELECT 1 FROM "Event" WHERE type = 'broadcast.sent' AND payload->>'broadcastId' = $1`, [
      b.id,
    ]);
    expect(events).toHaveLength(1);
    for (const w of [second, third]) w.child.kill("SIGTERM");
    await Promise.all([second.exited, third.exited]);
  }, 120_000);
});
