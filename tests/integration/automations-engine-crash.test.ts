// Exactly once across crashes, with real worker processes: a worker killed with SIGKILL while it moves runs through
// two email steps (claims held, transactions in flight, batches queued but not sent), then two workers started
// beside each other: every contact gets each email exactly once (one outbox message per contact and step), every run
// completes, and no step is recorded twice. The workers take only this file's workspace (AUTOMATION_WORKSPACES).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import { eventually } from "../support/webhook-receiver";
import { contactIdsOf, emailStep, enrol, makeAutomation } from "../support/automations";

type Worker = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const workers: Worker[] = [];

afterAll(async () => {
  for (const { child } of workers) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await stopJobSender();
});

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      DATABASE_URL: inject("databaseUrl"),
      SENDWELL_TEST_CLOCK: "",
      SEND_POLL_INTERVAL: "50ms",
      SEND_LEASE: "3s",
      SEND_CONCURRENCY: "2",
      AUTOMATION_POLL_INTERVAL: "50ms",
      AUTOMATION_LEASE: "3s",
      AUTOMATION_CLAIM_SIZE: "100",
      EMAIL_TRANSPORT: "outbox",
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
  }, 60_000).catch((error) => {
    console.log(w.output().slice(-3000));
    throw error;
  });

const queued = async (automationId: string) =>
  (
    await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "BroadcastRecipient" r JOIN "Broadcast" b ON b.id = r."broadcastId"
        WHERE b."automationId" = $1`,
      [automationId],
    )
  )[0]!.n;

describe("a worker killed mid-automation", () => {
  it("the other workers finish every run; each contact gets each email once", async () => {
    const N = 800;
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("acrash", N));
    const a = await makeAutomation(ws.id, {
      startStepId: "one",
      steps: [
        emailStep("one", "tag", "One"),
        { id: "tag", type: "action", action: { type: "emit_webhook", label: "between" }, next: "two" },
        emailStep("two", null, "Two"),
      ],
    });
    const env = { AUTOMATION_WORKSPACES: ws.id, SEND_WORKSPACES: ws.id };
    const first = startWorker(env);
    await ready(first);
    await enrol(a, await contactIdsOf(ws.id));
    await eventually(async () => (await queued(a.id)) >= 300, 60_000);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    const atKill = await queued(a.id);
    expect(atKill).toBeLessThan(2 * N);
    const [held] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "AutomationRun" WHERE "automationId" = $1 AND status = 'active' AND attempts > 0`,
      [a.id],
    );
    console.log(`killed with ${atKill} of ${2 * N} emails queued, ${held!.n} runs claimed or at the second email`);

    const [second, third] = [startWorker(env), startWorker(env)];
    await Promise.all([ready(second), ready(third)]);
    await eventually(async () => {
      const [row] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "OutboxMessage" o JOIN "Broadcast" b ON b.id = o."broadcastId"
          WHERE b."automationId" = $1`,
        [a.id],
      );
      return row!.n >= 2 * N;
    }, 120_000).catch(async (error) => {
      console.log(
        JSON.stringify(
          await sql(
            `SELECT status, "stepId", count(*)::int AS n, max(attempts) AS attempts, max("lastError") AS error
               FROM "AutomationRun" WHERE "automationId" = $1 GROUP BY 1, 2`,
            [a.id],
          ),
        ),
        JSON.stringify(
          await sql(
            `SELECT bb.status, count(*)::int AS n FROM "BroadcastBatch" bb JOIN "Broadcast" b ON b.id = bb."broadcastId"
              WHERE b."automationId" = $1 GROUP BY 1`,
            [a.id],
          ),
        ),
        second.output().slice(-3000),
      );
      throw error;
    });
    const [out] = await sql<{ messages: number; pairs: number; contacts: number }>(
      `SELECT count(*)::int AS messages, count(DISTINCT (o."toAddress", o.subject))::int AS pairs,
              count(DISTINCT o."toAddress")::int AS contacts
         FROM "OutboxMessage" o JOIN "Broadcast" b ON b.id = o."broadcastId" WHERE b."automationId" = $1`,
      [a.id],
    );
    expect(out).toEqual({ messages: 2 * N, pairs: 2 * N, contacts: N });
    const [runs] = await sql<{ completed: number; steps: number; hooks: number }>(
      `SELECT (SELECT count(*)::int FROM "AutomationRun" WHERE "automationId" = $1 AND status = 'completed') AS completed,
              (SELECT count(*)::int FROM "AutomationRunStep" WHERE "automationId" = $1) AS steps,
              (SELECT count(*)::int FROM "Event" WHERE "workspaceId" = $2 AND type = 'automation.webhook') AS hooks`,
      [a.id, ws.id],
    );
    expect(runs).toEqual({ completed: N, steps: 3 * N, hooks: N });
    for (const w of [second, third]) w.child.kill("SIGTERM");
    expect(await Promise.all([second.exited, third.exited])).toEqual([0, 0]);
  }, 180_000);
});
