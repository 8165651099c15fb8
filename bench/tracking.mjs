// npm run bench:tracking – the public tracking endpoints of a production server (scripts/start.mjs: web server and
// worker, whose rollup consumes the events meanwhile) on a fresh PostgreSQL database, then on the embedded one:
// a sent broadcast with BENCH_RECIPIENTS (default 20,000) recipients and 3 recorded links seeded in SQL, then
// on the open pixel GET /t/o/<token> and the click redirect GET /t/c/<linkId>/<token>, every request a different
// recipient's signed token (server/broadcasts/recipient-tokens.ts, same NEXTAUTH_SECRET as the server) and a desktop browser's
// user agent: throughput and latency with autocannon, 50 connections for 10 s each (at saturation its latencies are
// mostly queueing), and latency p50/p99 under an open-loop 200 hits/s for 10 s (bench/lib/fixed-rate.mjs); then the EmailEvent rows
// are counted: one per request sent (the answered ones and those still in flight when autocannon stopped).
// For scale, GET /api/health (no database) at the same 50 connections: what this machine serves at all; and for each,
// the web server process's CPU per request (it is one Node process: one core's worth).
// Prints one JSON line. Targets (PostgreSQL): ≥ 2,000 hits/s and p99 < 50 ms on both. BENCH_ONLY=postgres|embedded.
// Internally the same file runs as a tsx child (--role=tokens) to sign the tokens.
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ensureBuild, freshServerDatabase, startSendwell, seedReaders } from "./lib/server.mjs";
import { fixedRate } from "./lib/fixed-rate.mjs";
import { root, tsxRole, sleep, cpuSeconds, round, listenerPid, autocannonFigures } from "./lib/proc.mjs";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS || 20_000);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const FIXED_RATE = Number(process.env.BENCH_RATE || 200);
const SECRET = "bench-secret-bench-secret"; // startSendwell's NEXTAUTH_SECRET
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SELF = path.join(root, "bench/tracking.mjs");
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

async function main() {
  ensureBuild();
  const only = process.env.BENCH_ONLY;
  let postgres = { skipped: "BENCH_ONLY" };
  if (only !== "embedded") {
    const server = await freshServerDatabase();
    if (server.unavailable) postgres = { skipped: server.unavailable };
    else {
      try {
        postgres = { database: `PostgreSQL ${server.version}`, ...(await failSoft(measure(server.url))) };
      } finally {
        await server.drop();
      }
    }
  }
  const embedded =
    only === "postgres" ? { skipped: "BENCH_ONLY" } : { database: "embedded (PGlite)", ...(await failSoft(measure())) };
  const targets = postgres.open
    ? {
        opensAtLeast2000PerSecond: postgres.open.requestsPerSecond >= 2000,
        opensP99Under50ms: postgres.open.latencyMs.p99 < 50,
        clicksAtLeast2000PerSecond: postgres.click.requestsPerSecond >= 2000,
        clicksP99Under50ms: postgres.click.latencyMs.p99 < 50,
        // Every request autocannon sent, answered or still in flight when it stopped, recorded exactly once.
        everyHitRecordedOnce: [postgres.open, postgres.click].every((x) => x.recorded === x.sent),
      }
    : null;
  console.log(
    JSON.stringify({
      bench: "tracking",
      recipients: RECIPIENTS,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      fixedRatePerSecond: FIXED_RATE,
      postgres,
      embedded,
      targets,
    }),
  );
}

async function failSoft(promise) {
  try {
    return await promise;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function measure(databaseUrl) {
  const server = await startSendwell({ port: 3220, databaseUrl });
  try {
    const url = databaseUrl ?? JSON.parse(readFileSync(path.join(server.dataDir, "embedded-db.json"), "utf8")).url;
    server.cli("workspace", "create", "--name", "Tracking bench");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const seeded = await seed(client);
      const env = { ...process.env, DATABASE_URL: url, NEXTAUTH_SECRET: SECRET };
      const tokens = tsxRole(SELF, "tokens", env, [seeded.firstId, String(RECIPIENTS)]);
      const links = seeded.linkIds;
      let n = 0;
      const openPath = () => `/t/o/${tokens[n++ % tokens.length]}`;
      const clickPath = () => `/t/c/${links[n % links.length]}/${tokens[n++ % tokens.length]}`;
      // Warm-up (JIT, the pool, the prepared statements), not counted.
      await blast(server.base, openPath, 2);
      await blast(server.base, clickPath, 2);
      await sleep(1000); // the warm-up's last requests land
      // The web server's CPU per request (its process, found by the port it listens on): what one core allows.
      const web = listenerPid(3220);
      const cpuPerRequest = async (f) => {
        const c0 = web ? cpuSeconds(web) : null;
        const r = await f();
        r.webServerCpuMsPerRequest = web ? round(((cpuSeconds(web) - c0) * 1000) / r.sent) : null;
        return r;
      };
      const health = await cpuPerRequest(() => blast(server.base, () => "/api/health", DURATION));
      const before = await counts(client, seeded.broadcastId);
      const open = await cpuPerRequest(() => blast(server.base, openPath, DURATION));
      await sleep(1000);
      const afterOpen = await counts(client, seeded.broadcastId);
      const click = await cpuPerRequest(() => blast(server.base, clickPath, DURATION));
      await sleep(1000);
      const afterClick = await counts(client, seeded.broadcastId);
      const fixed = (nextPath, ok) =>
        fixedRate({
          url: server.base,
          headers: { "user-agent": UA },
          rate: FIXED_RATE,
          seconds: DURATION,
          nextPath,
          ok,
        });
      const openFixed = await latencyOnly(fixed(openPath, [200]));
      const clickFixed = await latencyOnly(fixed(clickPath, [302]));
      return {
        health: {
          requestsPerSecond: health.requestsPerSecond,
          webServerCpuMsPerRequest: health.webServerCpuMsPerRequest,
        },
        open: { ...open, recorded: afterOpen.open - before.open, [`at${FIXED_RATE}PerSecond`]: openFixed },
        click: { ...click, recorded: afterClick.click - afterOpen.click, [`at${FIXED_RATE}PerSecond`]: clickFixed },
        rolledUp: await rolledUp(client, seeded.broadcastId),
      };
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

/** A sent broadcast (an hour ago: hits now are no prefetch) with RECIPIENTS recipients and 3 links. */
async function seed(client) {
  const {
    rows: [ws],
  } = await client.query(`SELECT id FROM "Workspace" WHERE name = 'Tracking bench'`);
  await seedReaders(client, ws.id, RECIPIENTS);
  const {
    rows: [b],
  } = await client.query(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, subject, "fromEmail", "sendStartedAt", "sentAt",
                              "fanoutDoneAt", "recipientCount", "sentCount", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'Tracked', 'sent', 'Hello', 'news@bench.example', now() - interval '1 hour',
             now() - interval '1 hour', now() - interval '1 hour', $2, $2, now())
     RETURNING id`,
    [ws.id, RECIPIENTS],
  );
  await client.query(`INSERT INTO "BroadcastStats" ("broadcastId") VALUES ($1) ON CONFLICT DO NOTHING`, [b.id]);
  const { rows: inserted } = await client.query(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo", status, "sentAt")
     SELECT $1, c."workspaceId", c.id, c.email, ((row_number() OVER (ORDER BY c.id) - 1) / 100)::int, 'sent',
            now() - interval '1 hour'
       FROM "Contact" c WHERE c."workspaceId" = $2
     RETURNING id`,
    [b.id, ws.id],
  );
  const { rows: links } = await client.query(
    `INSERT INTO "BroadcastLink" ("broadcastId", position, url)
     SELECT $1, p, 'https://bench.example/page-' || p FROM generate_series(0, 2) AS p RETURNING id`,
    [b.id],
  );
  await client.query(`ANALYZE "BroadcastRecipient"`);
  const ids = inserted.map((r) => BigInt(r.id)).sort((x, y) => (x < y ? -1 : 1));
  return { broadcastId: b.id, firstId: ids[0].toString(), linkIds: links.map((l) => l.id) };
}

function blast(base, nextPath, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { "user-agent": UA },
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: nextPath() }) }],
      },
      (error, r) => {
        if (error) return reject(error);
        const answered = Object.entries(r.statusCodeStats ?? {}).reduce(
          (s, [code, v]) => s + (code === "200" || code === "302" ? v.count : 0),
          0,
        );
        resolve({ ...autocannonFigures(r, seconds), answered });
      },
    );
  });
}

const latencyOnly = async (promise) => {
  const r = await promise;
  return { errors: r.errors, p50: r.p50, p99: r.p99, max: r.max };
};

async function counts(client, broadcastId) {
  const { rows } = await client.query(
    `SELECT count(*) FILTER (WHERE type = 'open')::int AS open, count(*) FILTER (WHERE type = 'click')::int AS click
       FROM "EmailEvent" WHERE "broadcastId" = $1`,
    [broadcastId],
  );
  return rows[0];
}

/** How far the worker's rollup got meanwhile (it runs beside the web server, as in production). */
async function rolledUp(client, broadcastId) {
  const { rows } = await client.query(
    `SELECT (SELECT max(seq) FROM "EmailEvent")::text AS "lastEvent",
            (SELECT "lastSeq" FROM "EmailEventCursor" WHERE id = 1)::text AS cursor,
            s."totalOpens", s."uniqueOpens", s.clicked
       FROM "BroadcastStats" s WHERE s."broadcastId" = $1`,
    [broadcastId],
  );
  return rows[0];
}

// ---------------------------------------------------------------- tsx role: tokens signed like the server's

async function tokens(firstId, count) {
  const { recipientToken } = await import("../server/broadcasts/recipient-tokens.ts");
  const out = [];
  for (let i = 0n; i < BigInt(count); i++) out.push(recipientToken(BigInt(firstId) + i));
  console.log(JSON.stringify(out));
}

if (role === "tokens") await tokens(process.argv[3], process.argv[4]);
else await main();
