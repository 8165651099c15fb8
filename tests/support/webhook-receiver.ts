// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers as the test says. Also the
// one set of delivery settings every test dispatcher and test worker runs with, and readers of the engine's rows.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "@/server/db/pool";
import { startDispatcher, type Dispatcher } from "@/server/webhooks/dispatcher";

export type Received = { headers: http.IncomingHttpHeaders; body: string; path: string; at: number };
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang";
/** The answer to the `index`-th request (0-based); a promise holds the reply back until it settles. */
export type Reply = (req: Received, index: number) => Answer | Promise<Answer>;

export const ok: Answer = { status: 200, body: "ok" };

/** The i-th request gets answers[i]; every later one gets the last answer. */
export function inTurn(...answers: Answer[]): Reply {
  return (_req, index) => answers[Math.min(index, answers.length - 1)] ?? ok;
}

export async function startReceiver(reply: Reply = () => ok) {
  const received: Received[] = [];
  let respond = reply;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const entry = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        path: req.url ?? "",
        at: Date.now(),
      };
      received.push(entry);
      const answer = await respond(entry, received.length - 1);
      if (answer === "hang") {
        hanging.push(res);
        return;
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** The event ids of the requests received so far, optionally only those sent to `path`. */
    eventIds(path?: string) {
      return received.filter((r) => path === undefined || r.path === path).map((r) => header(r, "x-service-event-id"));
    },
    setReply(next: Reply) {
      respond = next;
    },
    async waitFor(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Receiver got ${received.length} of ${count} requests.`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export function header(req: Received, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/** A reply held back until the test releases it. */
export function gate() {
  let release: (answer: Answer) => void = () => {};
  const answer = new Promise<Answer>((resolve) => (release = resolve));
  return { answer, release };
}

/** What a receiver does with x-service-signature: some v1 must match HMAC-SHA256(secret, "<t>.<body>"). */
export function verifySignature(header: string | undefined, body: string, secret: string): boolean {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.split("=") as [string, string]);
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  return parts.some(
    ([k, v]) => k === "v1" && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected),
  );
}

/** The v1 values of an x-service-signature header. */
export function v1Values(header: string): string[] {
  return header
    .split(",")
    .filter((p) => p.startsWith("v1="))
    .map((p) => p.slice(3));
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("Condition not met in time.");
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The settings of every dispatcher the tests run, in-process or in a spawned worker. Test files may run in parallel
 * and any dispatcher claims any workspace's tasks, so a test's delivery may be made by another file's dispatcher:
 * with one set of settings everywhere, it behaves the same whoever makes it. Failing runs are only disabled once
 * they are an hour old, so a test that wants the auto-disable rule moves failingSince back itself.
 */
export const dispatcherEnv = {
  WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  WEBHOOK_RETRY_SCHEDULE: "100ms,200ms,300ms",
  WEBHOOK_CONNECT_TIMEOUT: "1s",
  WEBHOOK_TIMEOUT: "2s",
  WEBHOOK_LEASE: "3s",
  WEBHOOK_POLL_INTERVAL: "20ms",
  WEBHOOK_DISABLE_AFTER_FAILURES: "3",
  WEBHOOK_DISABLE_AFTER: "1h",
  // Workers spawned for webhook tests send no broadcasts: other files' sending tests count what their own engine
  // sends (tests/support/sending.ts scopes each engine to its test's workspace).
  SEND_WORKSPACES: "00000000-0000-4000-8000-000000000000",
};

/** Sets dispatcherEnv on process.env (where the engine reads its settings on each use); returns the undo. */
export function applyDispatcherEnv(): () => void {
  const saved = Object.entries(dispatcherEnv).map(([name]) => [name, process.env[name]] as const);
  Object.assign(process.env, dispatcherEnv);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** An in-process dispatcher with dispatcherEnv; stopping it also restores the environment. */
export function startTestDispatcher(): Dispatcher {
  const restoreEnv = applyDispatcherEnv();
  const dispatcher = startDispatcher({
    log: (message, fields) => console.warn(`[dispatcher] ${message}`, fields ?? ""),
  });
  return {
    async stop() {
      await dispatcher.stop();
      restoreEnv();
    },
  };
}

export type DeliveryRow = {
  id: string;
  taskId: string | null;
  eventId: string;
  eventType: string;
  trigger: string;
  status: "success" | "failed";
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseBody: string;
  error: string | null;
  attemptCount: number;
  attemptedAt: Date;
  deliveredAt: Date | null;
  nextRetryAt: Date | null;
};

/** A webhook's delivery records, in attempt order. */
export function deliveriesOf(webhookId: string): Promise<DeliveryRow[]> {
  return sql<DeliveryRow>(
    `SELECT id, "taskId", "eventId", "eventType", trigger, status::text AS status, "requestHeaders", "responseStatus",
            "responseBody", error, "attemptCount", "attemptedAt", "deliveredAt", "nextRetryAt"
       FROM "WebhookDelivery" WHERE "webhookId" = $1 ORDER BY "attemptedAt", "attemptCount"`,
    [webhookId],
  );
}

export type TaskRow = { id: string; webhookId: string; eventId: string; status: string; attemptCount: number };

/** The tasks of some webhooks, by event. */
export function tasksOf(...webhookIds: string[]): Promise<TaskRow[]> {
  return sql<TaskRow>(
    `SELECT id, "webhookId", "eventId", status::text AS status, "attemptCount"
       FROM "WebhookTask" WHERE "webhookId" = ANY($1::uuid[]) ORDER BY "eventId", "webhookId"`,
    [webhookIds],
  );
}

export type WebhookState = {
  isActive: boolean;
  consecutiveFailures: number;
  failingSince: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
};

export async function webhookState(webhookId: string): Promise<WebhookState> {
  const [row] = await sql<WebhookState>(
    `SELECT "isActive", "consecutiveFailures", "failingSince", "lastSuccessAt", "lastFailureAt", "disabledAt",
            "disabledReason"
       FROM "Webhook" WHERE id = $1`,
    [webhookId],
  );
  if (!row) throw new Error(`No webhook ${webhookId}.`);
  return row;
}
