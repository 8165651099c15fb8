// npm run bench:webhooks – webhook delivery on a fresh PostgreSQL database (BENCH_DATABASE_URL, TEST_DATABASE_URL or
// the local server CI starts), through the real worker process (worker/main.ts, its dispatcher) to 3 local
// receivers (node:http on 127.0.0.1, allowed by WEBHOOK_ALLOWED_HOSTS), each webhook subscribed to the event type:
// (1) paced: 10,000 events written at BENCH_RATE events/s (default 250, i.e. 750 deliveries/s owed), latency from
//     the event's commit (its createdAt) to its arrival at a receiver, p50/p99/max, and deliveries/s achieved;
// (2) burst: 10,000 events written at once; deliveries/s while the backlog of 30,000 drains, and its latencies.
// Events are inserted into the Event log in small statements, as the services do (the fan-out trigger runs on each).
// Prints one JSON line. Targets: ≥ 500 deliveries/s (burst) and p99 < 1 s (paced).
// Internally the same file runs as a tsx child (--role=seed) to create the webhooks through the real service.
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const EVENTS = Number(process.env.BENCH_EVENTS || 10_000);
const RATE = Number(process.env.BENCH_RATE || 250);
const RECEIVERS = 3;
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

async function main() {
  const { freshServerDatabase } = await import("./lib/server.mjs");
  const server = await freshServerDatabase();
  if (server.unavailable) {
    console.log(JSON.stringify({ bench: "webhooks", skipped: server.unavailable }));
    return;
  }
  try {
    const result = await measure(server.url);
    const targets = {
      atLeast500DeliveriesPerSecond: result.burst.deliveriesPerSecond >= 500,
      p99Under1s: result.paced.latencyMs.p99 < 1000,
    };
    console.log(
      JSON.stringify({
        bench: "webhooks",
        database: `PostgreSQL ${server.version}`,
        events: EVENTS,
        ...result,
        targets,
      }),
    );
  } finally {
    await server.drop();
  }
}

async function measure(databaseUrl) {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: "bench-secret-bench-secret",
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  };
  const cli = (...args) =>
    execFileSync(process.execPath, ["--import", "tsx", path.join(root, "cli/sendwell.ts"), ...args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
  cli("workspace", "create", "--name", "Webhooks bench"); // migrates the fresh database too
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => startReceiver()));
  const seeded = JSON.parse(
    execFileSync(
      process.execPath,
      ["--import", "tsx", path.join(root, "bench/webhooks.mjs"), "--role=seed", ...receivers.map((r) => r.url)],
      { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] },
    )
      .toString()
      .trim()
      .split("\n")
      .at(-1),
  );
  const worker = spawn(process.execPath, ["--import", "tsx", path.join(root, "worker/main.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    worker.stdout.on("data", (d) => String(d).includes("Ready") && resolve());
    worker.once("exit", () => reject(new Error("the worker exited during start-up")));
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const paced = await phase({ client, receivers, workspaceId: seeded.workspaceId, rate: RATE, tag: "paced" });
    const burst = await phase({ client, receivers, workspaceId: seeded.workspaceId, rate: null, tag: "burst" });
    const duplicates = receivers.reduce((n, r) => n + r.duplicates, 0);
    const {
      rows: [failed],
    } = await client.query(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE status = 'failed'`);
    return { receivers: RECEIVERS, paced, burst, duplicates, failedAttempts: failed.n };
  } finally {
    await client.end();
    const exited = new Promise((r) => worker.once("exit", r));
    worker.kill("SIGTERM");
    await exited;
    await Promise.all(receivers.map((r) => r.close()));
  }
}

/** Writes EVENTS events (paced at `rate` per second, or all at once) and waits for every delivery. */
async function phase({ client, receivers, workspaceId, rate, tag }) {
  for (const r of receivers) r.reset();
  const owed = EVENTS * receivers.length;
  const started = performance.now();
  const startedAt = Date.now();
  const insert = (from, to) =>
    client.query(
      `INSERT INTO "Event" (id, "workspaceId", type, payload)
       SELECT gen_random_uuid(), $1::uuid, 'contact.created',
              jsonb_build_object('contactId', gen_random_uuid(), 'email', $2 || g || '@example.com')
         FROM generate_series($3::int, $4::int) AS g`,
      [workspaceId, `${tag}-`, from, to],
    );
  if (rate === null) {
    for (let i = 0; i < EVENTS; i += 1000) await insert(i, Math.min(EVENTS, i + 1000) - 1);
  } else {
    // Open loop: every 20 ms, the events due by then (no catching up in bursts beyond that).
    const tickMs = 20;
    let written = 0;
    while (written < EVENTS) {
      const due = Math.min(EVENTS, Math.floor(((performance.now() - started) / 1000) * rate));
      if (due > written) {
        await insert(written, due - 1);
        written = due;
      }
      await new Promise((r) => setTimeout(r, tickMs));
    }
  }
  const writtenMs = performance.now() - started;
  const deadline = Date.now() + 300_000;
  while (receivers.reduce((n, r) => n + r.latencies.length, 0) < owed) {
    if (Date.now() > deadline)
      throw new Error(`${tag}: only ${receivers.reduce((n, r) => n + r.latencies.length, 0)} of ${owed} deliveries`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const lastAt = Math.max(...receivers.map((r) => r.lastAt));
  const latencies = receivers.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = (lastAt - startedAt) / 1000;
  return {
    eventsPerSecondWritten: rate ?? Math.round(EVENTS / (writtenMs / 1000)),
    deliveries: owed,
    seconds: round(seconds),
    deliveriesPerSecond: Math.round(owed / seconds),
    latencyMs: { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), max: latencies.at(-1) },
  };
}

function startReceiver() {
  const state = { latencies: [], seen: new Set(), duplicates: 0, lastAt: 0 };
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const now = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      if (state.seen.has(body.id)) state.duplicates++;
      else {
        state.seen.add(body.id);
        state.latencies.push(now - Date.parse(body.createdAt));
        state.lastAt = now;
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hook`,
        get latencies() {
          return state.latencies;
        },
        get lastAt() {
          return state.lastAt;
        },
        get duplicates() {
          return state.duplicates;
        },
        reset() {
          state.latencies = [];
          state.lastAt = 0;
        },
        close: () => {
          server.closeAllConnections();
          return new Promise((r) => server.close(r));
        },
      }),
    ),
  );
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const round = (n) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- tsx role: webhooks through the real service

async function seed(urls) {
  const { db } = await import("../server/db/client.ts");
  const { createWebhook } = await import("../server/services/webhooks/create-webhook.ts");
  const workspace = await db().workspace.findFirstOrThrow({ where: { name: "Webhooks bench" } });
  for (const url of urls) {
    await createWebhook({ workspaceId: workspace.id, input: { url, events: ["contact.created"] } });
  }
  console.log(JSON.stringify({ workspaceId: workspace.id }));
  process.exit(0);
}

if (role === "seed") await seed(process.argv.slice(3).filter((a) => !a.startsWith("--")));
else await main();
