// npm run bench:analytics – a broadcast's analytics at a million recipients, on a fresh PostgreSQL database:
// (1) seeded in SQL: 1,000,000 subscribed contacts, one broadcast sent three days ago to all of them (recipient rows,
//     5 links) and ~3,000,000 EmailEvent rows over the 72 hours after the send, in time order (deliveries and 2 %
//     bounces, human/Apple-MPP/machine opens, clicks from four kinds of device, some complaints);
// (2) the real rollup (server/tracking/rollup.ts applyNextEvents, in a tsx child) run until its cursor reaches the
//     last event: events/s;
// (3) a production server (scripts/start.mjs) and a read key from the CLI, then GET
//     /api/v1/broadcasts/{id}/analytics BENCH_RUNS (200) times one after another after a warm-up: p50/p99.
// Prints one JSON line. Target: analytics p99 < 200 ms. BENCH_RECIPIENTS scales the seed (events follow);
// BENCH_SKIP_HTTP=1 stops after the rollup (no build, no server).
// Internally the same file runs as a tsx child (--role=rollup).
import path from "node:path";
import pg from "pg";
import { ensureBuild, freshServerDatabase, startSendwell, seedReaders } from "./lib/server.mjs";
import { root, cliFor, tsxRole, round, pct } from "./lib/proc.mjs";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);
const SELF = path.join(root, "bench/analytics.mjs");
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

const skipHttp = process.env.BENCH_SKIP_HTTP === "1";

async function main() {
  if (!skipHttp) ensureBuild();
  const server = await freshServerDatabase();
  if (server.unavailable) {
    console.log(JSON.stringify({ bench: "analytics", skipped: server.unavailable }));
    return;
  }
  try {
    const result = await measure(server.url);
    console.log(
      JSON.stringify({
        bench: "analytics",
        database: `PostgreSQL ${server.version}`,
        ...result,
        targets: result.analytics ? { analyticsP99Under200ms: result.analytics.latencyMs.p99 < 200 } : null,
      }),
    );
  } finally {
    await server.drop();
  }
}

async function measure(databaseUrl) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: "bench-secret-bench-secret" };
  const cli = cliFor(env);
  const slug = cli("workspace", "create", "--name", "Analytics bench"); // migrates the fresh database too
  const key = cli("keys", "create", "--workspace", slug, "--name", "bench", "--scope", "read");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let seeded;
  try {
    seeded = await seed(client, slug);
  } finally {
    await client.end();
  }
  const rollup = tsxRole(SELF, "rollup", env);
  const summary = { recipients: RECIPIENTS, events: seeded.events, seedSeconds: seeded.seconds, rollup };
  if (skipHttp) return { ...summary, analytics: null };
  const server = await startSendwell({ port: 3230, databaseUrl, env: { API_RATE_LIMIT: "1000000000" } });
  try {
    const url = `${server.base}/api/v1/broadcasts/${seeded.broadcastId}/analytics`;
    const get = async () => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { "X-API-Key": key } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`analytics answered ${res.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, body };
    };
    for (let i = 0; i < 20; i++) await get(); // warm-up: JIT, pool, plan cache
    const times = [];
    let body;
    for (let i = 0; i < RUNS; i++) {
      const r = await get();
      times.push(r.ms);
      body = r.body;
    }
    times.sort((a, b) => a - b);
    const s = body.stats;
    return {
      ...summary,
      analytics: {
        runs: RUNS,
        latencyMs: { p50: round(pct(times, 0.5)), p99: round(pct(times, 0.99)), max: round(times.at(-1)) },
        // What the answer said, to check against the seed (sent 1,000,000; 2 % bounced; opens of 60 %, ...).
        answer: {
          sent: s.sent,
          delivered: s.delivered,
          uniqueOpens: s.uniqueOpens,
          totalOpens: s.totalOpens,
          machineOpens: s.machineOpens,
          mppAffected: s.mppAffected,
          clicked: s.clicked,
          bounced: s.bounced,
          hardBounces: s.hardBounces,
          hours: body.engagementOverTime.length,
          devices: body.clicksByDevice.length,
          topLinks: body.topLinks.length,
        },
      },
    };
  } finally {
    await server.stop();
  }
}

/**
 * Per recipient i (1…N): one delivery (or a bounce, every 50th, hard and soft alternating); opens for 60 % (a second
 * for 40 %, a third for 30 %, a fourth, from a scanner, for 20 %), every 7th first open through Apple MPP;
 * clicks for 40 % (a second for 20 %) over 5 links and 4 devices; a complaint every 1,000th. About 3 events each.
 */
async function seed(client, slug) {
  const t0 = performance.now();
  const {
    rows: [ws],
  } = await client.query(
    `UPDATE "Workspace" SET "postalAddress" = '1 Bench Street, Lisbon' WHERE slug = $1 RETURNING id`,
    [slug],
  );
  await seedReaders(client, ws.id, RECIPIENTS);
  const {
    rows: [b],
  } = await client.query(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, subject, "fromEmail", "sendStartedAt", "sentAt",
                              "fanoutDoneAt", "recipientCount", "sentCount", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'A million', 'sent', 'Hello', 'news@bench.example', now() - interval '73 hours',
             now() - interval '73 hours', now() - interval '73 hours', $2, $2, now())
     RETURNING id, "sentAt"`,
    [ws.id, RECIPIENTS],
  );
  await client.query(`INSERT INTO "BroadcastStats" ("broadcastId") VALUES ($1)`, [b.id]);
  await client.query(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo", status, "sentAt")
     SELECT $1, c."workspaceId", c.id, c.email, ((row_number() OVER (ORDER BY c.id) - 1) / 100)::int, 'sent', $3
       FROM "Contact" c WHERE c."workspaceId" = $2`,
    [b.id, ws.id, b.sentAt],
  );
  const { rows: links } = await client.query(
    `INSERT INTO "BroadcastLink" ("broadcastId", position, url)
     SELECT $1, p, 'https://bench.example/page-' || p FROM generate_series(0, 4) AS p RETURNING id`,
    [b.id],
  );
  await client.query(`ANALYZE "BroadcastRecipient"`);
  // i: the recipient's rank (1…N); k: which of its events; t: seconds after the send (hashed spread over 72 h,
  // opens and clicks at least 2 minutes after it, deliveries within the first minute).
  await client.query(
    `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "linkId", class, device,
                               "bounceType", "createdAt")
     SELECT $1, $2, r.id, e.type, e.link, e.class, e.device, e.bounce, $3::timestamptz + e.t * interval '1 second'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM "BroadcastRecipient" WHERE "broadcastId" = $2) r
       CROSS JOIN LATERAL (
         SELECT * FROM (VALUES
           (CASE WHEN r.i % 50 = 0 THEN 'bounced' ELSE 'delivered' END, NULL::bigint, NULL::text, NULL::text,
            CASE WHEN r.i % 50 = 0 THEN (CASE WHEN r.i % 100 = 0 THEN 'hard' ELSE 'soft' END) END, r.i % 60),
           (CASE WHEN r.i % 10 < 6 AND r.i % 50 <> 0 THEN 'open' END, NULL, CASE WHEN r.i % 7 = 0 THEN 'mpp' ELSE 'human' END,
            NULL, NULL, 120 + abs(hashint8(r.i)) % 259000),
           (CASE WHEN r.i % 10 < 4 AND r.i % 50 <> 0 THEN 'open' END, NULL, 'human', NULL, NULL,
            120 + abs(hashint8(r.i * 3)) % 259000),
           (CASE WHEN r.i % 10 < 3 AND r.i % 50 <> 0 THEN 'open' END, NULL, 'human', NULL, NULL,
            120 + abs(hashint8(r.i * 5)) % 259000),
           (CASE WHEN r.i % 10 < 2 AND r.i % 50 <> 0 THEN 'open' END, NULL, 'machine', NULL, NULL,
            120 + abs(hashint8(r.i * 7)) % 259000),
           (CASE WHEN r.i % 10 < 4 AND r.i % 50 <> 0 THEN 'click' END, ($4::bigint[])[1 + r.i % 5], 'human',
            (ARRAY['Desktop','Mobile','Tablet','Other'])[1 + r.i % 4], NULL, 180 + abs(hashint8(r.i * 11)) % 259000),
           (CASE WHEN r.i % 10 < 2 AND r.i % 50 <> 0 THEN 'click' END, ($4::bigint[])[1 + (r.i + 2) % 5], 'human',
            (ARRAY['Desktop','Mobile','Tablet','Other'])[1 + r.i % 4], NULL, 180 + abs(hashint8(r.i * 13)) % 259000),
           (CASE WHEN r.i % 1000 = 1 THEN 'complained' END, NULL, NULL, NULL, NULL, 3600 + r.i % 86400)
         ) AS x(type, link, class, device, bounce, t)
         WHERE x.type IS NOT NULL
       ) e
      ORDER BY e.t`,
    [ws.id, b.id, b.sentAt, links.map((l) => l.id)],
  );
  const {
    rows: [{ n }],
  } = await client.query(`SELECT count(*)::int AS n FROM "EmailEvent"`);
  await client.query(`ANALYZE`);
  return { broadcastId: b.id, events: n, seconds: round((performance.now() - t0) / 1000) };
}

// ---------------------------------------------------------------- tsx role: the real rollup, to the end

async function rollup() {
  const { applyNextEvents } = await import("../server/tracking/rollup.ts");
  const { sql } = await import("../server/db/pool.ts");
  const { disconnectDb } = await import("../server/db/client.ts");
  const [{ last }] = await sql(`SELECT max(seq)::text AS last FROM "EmailEvent"`, []);
  const t0 = performance.now();
  let applied = 0;
  let batches = 0;
  let slowestMs = 0;
  for (;;) {
    const b0 = performance.now();
    const r = await applyNextEvents();
    slowestMs = Math.max(slowestMs, performance.now() - b0);
    applied += r.applied;
    if (r.applied > 0) batches++;
    if (r.lastSeq.toString() === last) break;
    if (r.applied === 0 && !r.busy) throw new Error(`the rollup stopped at ${r.lastSeq} before ${last}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    JSON.stringify({
      events: applied,
      batches,
      seconds: round(seconds),
      eventsPerSecond: Math.round(applied / seconds),
      slowestBatchMs: Math.round(slowestMs),
    }),
  );
  await disconnectDb();
}

if (role === "rollup") await rollup();
else await main();
