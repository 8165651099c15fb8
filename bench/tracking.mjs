// npm run bench:tracking – the public tracking endpoints of a production server (`npm start`: its web process(es),
// WEB_CONCURRENCY passed through, and the worker, whose rollup consumes the events meanwhile), on a fresh PostgreSQL
// database, then on the embedded one, and a floor in the same run. Seeded in SQL: a sent broadcast with
// BENCH_RECIPIENTS recipients (default 500,000 on PostgreSQL, 150,000 embedded) and 3 links; every tracking request
// uses a recipient's signed token (server/broadcasts/recipient-tokens.ts) that no other request of the run uses, and
// a desktop browser's user agent. The load is bench/lib/load.mjs: BENCH_CONNECTIONS (50) keep-alive connections in a
// process of its own, closed loop, each request's outcome kept. Per database, in this order:
// - bare: a bare node:http server answering the same 43-byte GIF (bench/lib/bare-pixel.mjs, its own process),
//   loaded the same way: what this machine and this client allow at all; `ratio` is hits/s ÷ bare hits/s;
// - health (GET /api/health) and keyed GET /api/v1/tags?limit=20 at the same connections, unloaded;
// - open (GET /t/o/<token>) and click (GET /t/c/<linkId>/<token>) saturated for BENCH_DURATION (10) s: hits/s,
//   latency p50/p90/p99, the web processes' CPU per hit; then p50/p99 at a steady BENCH_RATE (200) hits/s;
// - dashboard: the contacts page (signed in as the workspace's owner, the whole HTML) BENCH_PAGE_LOADS (30) times
//   one after another, unloaded and while opens run at full load; keyed: health and tags at the same time,
//   BENCH_KEYED_CONNECTIONS (10) each, while the same load runs;
// - kill: opens and clicks at full load, one web process SIGKILLed after a second (bench/tracking/kill.mjs);
// - exactlyOnce: the EmailEvent rows per recipient against every request's outcome (bench/tracking/exactly-once.mjs):
//   an answered hit (200 pixel, 302 click) exactly one row, an unanswered one none or one, nobody two; for the kill
//   test on its own too. A phase whose share of the recipients runs out ends early and says `sourceUsedUp`.
// Prints one JSON line. Targets: PostgreSQL ≥ 20,000 hits/s with p99 < 25 ms for opens and clicks, embedded ≥ 5,000/s
// with p99 < 50 ms; every answered hit recorded once, also across the kill; the contacts page p95 < 1.5 s under load;
// keyed tags ≥ 0.7 × health. BENCH_ONLY=postgres|embedded, BENCH_PORT (3220), BENCH_LOAD_PROCESSES (1).
// Internally the same file runs as a tsx child (--role=tokens) to sign the tokens.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureBuild, freshServerDatabase, startSendwell, seedTagsWorkspace } from "./lib/server.mjs";
import { fixedRate } from "./lib/fixed-rate.mjs";
import { root, tsxRole, sleep, round, webProcesses, cpuSecondsOf, cpuSeconds } from "./lib/proc.mjs";
import { startLoad, outcomePool, tokenSlice, cycle, alternate } from "./lib/load.mjs";
import { startBarePixel } from "./lib/bare-pixel.mjs";
import { createDashboardUser, signIn, timePageLoads } from "./lib/dashboard.mjs";
import { failSoft } from "./lib/embedded-db.mjs";
import { seedBroadcast } from "./tracking/seed.mjs";
import { recordedHits, checkSlice, combine } from "./tracking/exactly-once.mjs";
import { killTest } from "./tracking/kill.mjs";

const env = process.env;
const DURATION = Number(env.BENCH_DURATION || 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS || 50);
const FIXED_RATE = Number(env.BENCH_RATE || 200);
const PAGE_LOADS = Number(env.BENCH_PAGE_LOADS || 30);
const KEYED_CONNECTIONS = Number(env.BENCH_KEYED_CONNECTIONS || 10);
const LOAD_PROCESSES = Number(env.BENCH_LOAD_PROCESSES || 1);
const PORT = Number(env.BENCH_PORT || 3220);
const RECIPIENTS = {
  postgres: Number(env.BENCH_RECIPIENTS || 500_000),
  embedded: Number(env.BENCH_RECIPIENTS || 150_000),
};
const WARMUP_SECONDS = 2;
const SECRET = "bench-secret-bench-secret"; // startSendwell's NEXTAUTH_SECRET
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const HEADERS = { "user-agent": UA };
const OWNER = { email: "owner@bench.example", password: "a long bench password" };
const SELF = path.join(root, "bench/tracking.mjs");
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

async function main() {
  ensureBuild();
  const only = env.BENCH_ONLY;
  let postgres = { skipped: "BENCH_ONLY" };
  if (only !== "embedded") {
    const server = await freshServerDatabase();
    if (server.unavailable) postgres = { skipped: server.unavailable };
    else {
      try {
        postgres = {
          database: `PostgreSQL ${server.version}`,
          ...(await failSoft(measure(server.url, RECIPIENTS.postgres))),
        };
      } finally {
        await server.drop();
      }
    }
  }
  const embedded =
    only === "postgres"
      ? { skipped: "BENCH_ONLY" }
      : { database: "embedded (PGlite)", ...(await failSoft(measure(undefined, RECIPIENTS.embedded))) };
  console.log(
    JSON.stringify({
      bench: "tracking",
      recipients: { postgres: postgres.recipients ?? null, embedded: embedded.recipients ?? null },
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      fixedRatePerSecond: FIXED_RATE,
      loadProcesses: LOAD_PROCESSES,
      webConcurrency: env.WEB_CONCURRENCY ?? null,
      postgres,
      embedded,
      targets: {
        postgres: targetsFor(postgres, { perSecond: 20_000, p99Ms: 25 }),
        embedded: targetsFor(embedded, { perSecond: 5_000, p99Ms: 50 }),
      },
    }),
  );
}

function targetsFor(m, { perSecond, p99Ms }) {
  if (!m.open) return null;
  return {
    [`opensAtLeast${perSecond}PerSecond`]: m.open.requestsPerSecond >= perSecond,
    [`opensP99Under${p99Ms}ms`]: m.open.latencyMs.p99 < p99Ms,
    [`clicksAtLeast${perSecond}PerSecond`]: m.click.requestsPerSecond >= perSecond,
    [`clicksP99Under${p99Ms}ms`]: m.click.latencyMs.p99 < p99Ms,
    everyAnsweredHitRecordedOnce: m.exactlyOnce.ok,
    alsoWhenAWebProcessIsKilled: m.kill?.exactlyOnce?.ok ?? false,
    dashboardP95Under1500msUnderLoad: m.dashboard.underLoad.errors === 0 && m.dashboard.underLoad.p95 < 1500,
    keyedAtLeast0_7OfHealth: m.keyed.unloaded.ratio >= 0.7,
    keyedAtLeast0_7OfHealthUnderLoad: m.keyed.underLoad.ratio >= 0.7,
  };
}

/** The recipient indices each phase may use, per pool (opens and clicks alike), so no phase starves another. */
function plan(count) {
  const background = Math.max(1000, Math.floor(count / 10)); // reused over and over: not checked
  const fixed = FIXED_RATE * DURATION;
  const rest = count - background - fixed;
  if (rest < 1000) throw new Error(`BENCH_RECIPIENTS=${count} is too few for these phases`);
  const warm = Math.floor(rest / 10);
  const saturated = Math.floor(rest / 2);
  const at = (from, size) => ({ from, to: from + size });
  const p = { warm: at(0, warm), saturated: at(warm, saturated), fixed: at(warm + saturated, fixed) };
  p.kill = at(p.fixed.to, count - background - p.fixed.to);
  p.background = at(count - background, background);
  return p;
}

async function measure(databaseUrl, count) {
  const server = await startSendwell({ port: PORT, databaseUrl, env: { API_RATE_LIMIT: "1000000000" } });
  const dbUrl = () =>
    databaseUrl ?? JSON.parse(readFileSync(path.join(server.dataDir, "embedded-db.json"), "utf8")).url;
  // A client per use: the embedded database goes away with `npm start` in the kill test.
  const withDb = async (fn) => {
    const client = new pg.Client({ connectionString: dbUrl() });
    client.on("error", () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => {});
    }
  };
  const cleanup = [() => server.stop()];
  try {
    server.cli("workspace", "create", "--name", "Tracking bench");
    const seeded = await withDb(async (client) => {
      const {
        rows: [ws],
      } = await client.query(`SELECT id FROM "Workspace" WHERE name = 'Tracking bench'`);
      await createDashboardUser(client, ws.id, OWNER);
      return seedBroadcast(client, ws.id, count);
    });
    const { key } = await seedTagsWorkspace(server);
    const cookie = await signIn(server.base, OWNER);
    const tokens = tsxRole(SELF, "tokens", { ...env, DATABASE_URL: dbUrl(), NEXTAUTH_SECRET: SECRET }, [
      seeded.firstId,
      String(count),
    ]);
    const bare = await startBarePixel();
    cleanup.push(() => bare.stop());
    const load = await startLoad({ processes: LOAD_PROCESSES });
    cleanup.push(() => load.close());
    const healthLoad = await startLoad({ processes: 1 });
    cleanup.push(() => healthLoad.close());
    const tagsLoad = await startLoad({ processes: 1 });
    cleanup.push(() => tagsLoad.close());

    const opens = outcomePool("open", count);
    const clicks = outcomePool("click", count);
    const openPath = (i) => `/t/o/${tokens[i]}`;
    const clickPath = (i) => `/t/c/${seeded.linkIds[i % seeded.linkIds.length]}/${tokens[i]}`;
    const slices = plan(count);
    const openSlice = ({ from, to }) => tokenSlice(opens, from, to, openPath);
    const clickSlice = ({ from, to }) => tokenSlice(clicks, from, to, clickPath);
    const onServer = { url: server.base, connections: CONNECTIONS, headers: HEADERS };
    const health = cycle(["/api/health"]);
    const tags = cycle(["/api/v1/tags?limit=20"]);
    const keyHeaders = { ...HEADERS, "x-api-key": key };

    // Warm-up (JIT, the pools, the prepared statements, the routes), not counted.
    await load.run({ ...onServer, source: openSlice(slices.warm), seconds: WARMUP_SECONDS });
    await load.run({ ...onServer, source: clickSlice(slices.warm), seconds: WARMUP_SECONDS });
    await load.run({ ...onServer, source: health, seconds: 1 });
    await load.run({ ...onServer, headers: keyHeaders, source: tags, seconds: 1 });
    await sleep(1000);

    // The floor: the same client, connections and paths against the bare server (its CPU is its own process').
    const bareCpu0 = cpuSeconds(bare.pid);
    const bareRun = await load.run({
      ...onServer,
      url: bare.url,
      source: cycle(tokens.slice(0, 1000).map((t) => `/t/o/${t}`)),
      seconds: DURATION,
    });
    const bareFigures = {
      ...shown(bareRun),
      serverCpuMsPerRequest: perRequest(cpuSeconds(bare.pid) - bareCpu0, bareRun),
    };

    const webCpu = async (promise) => {
      const pids = webProcesses(PORT).all;
      const c0 = cpuSecondsOf(pids);
      const r = await promise;
      return { ...shown(r), webServerCpuMsPerRequest: perRequest(cpuSecondsOf(pids) - c0, r) };
    };
    const healthRun = await webCpu(load.run({ ...onServer, source: health, seconds: DURATION }));
    const tagsRun = await webCpu(load.run({ ...onServer, headers: keyHeaders, source: tags, seconds: DURATION }));
    const open = await webCpu(load.run({ ...onServer, source: openSlice(slices.saturated), seconds: DURATION }));
    await sleep(1000);
    const click = await webCpu(load.run({ ...onServer, source: clickSlice(slices.saturated), seconds: DURATION }));
    await sleep(1000);
    const steady = async (pool, pathOf, ok) => {
      const { from } = slices.fixed;
      const r = await fixedRate({
        url: server.base,
        headers: HEADERS,
        rate: FIXED_RATE,
        seconds: DURATION,
        nextPath: (i) => pathOf(from + i),
        onResult: (i, status) => (pool.outcomes[from + i] = status),
        ok: [ok],
      });
      return { errors: r.errors, p50: r.p50, p99: r.p99, max: r.max };
    };
    const openSteady = await steady(opens, openPath, 200);
    const clickSteady = await steady(clicks, clickPath, 302);

    // The dashboard and the keyed API, unloaded, then while opens run at full load.
    const contacts = () => timePageLoads(server.base, cookie, "/contacts", { count: PAGE_LOADS, title: "Contacts" });
    const dashboardUnloaded = await contacts();
    const background = load.start({ ...onServer, source: cycle(range(slices.background).map(openPath)) });
    await sleep(1000);
    const dashboardUnderLoad = await contacts();
    // Both at once, so both see the same tracking load (one after the other, a swing in it decided the ratio).
    const side = { url: server.base, connections: KEYED_CONNECTIONS, seconds: DURATION };
    const [healthUnderLoad, tagsUnderLoad] = await Promise.all([
      healthLoad.run({ ...side, headers: HEADERS, source: health }),
      tagsLoad.run({ ...side, headers: keyHeaders, source: tags }),
    ]);
    const backgroundRun = shown(await background.stop());

    const webProcessCount = webProcesses(PORT).all.length;
    const kill = await killTest({
      server,
      port: PORT,
      load,
      run: { ...onServer, source: alternate(openSlice(slices.kill), clickSlice(slices.kill)) },
      windowMs: DURATION * 1000,
      killAfterMs: Math.min(1000, (DURATION * 1000) / 3),
    });
    await sleep(1000);

    return await withDb(async (client) => {
      const rows = await recordedHits(client, seeded, count);
      const checked = (s) => [
        checkSlice(opens, rows.open, s.from, s.to, 200),
        checkSlice(clicks, rows.click, s.from, s.to, 302),
      ];
      const whole = { from: 0, to: slices.background.from };
      const recordedIn = (r, s) => r.slice(s.from, s.to).reduce((a, b) => a + b, 0);
      return {
        recipients: count,
        webProcesses: webProcessCount,
        bare: bareFigures,
        health: healthRun,
        open: { ...open, recorded: recordedIn(rows.open, slices.saturated), [`at${FIXED_RATE}PerSecond`]: openSteady },
        click: {
          ...click,
          recorded: recordedIn(rows.click, slices.saturated),
          [`at${FIXED_RATE}PerSecond`]: clickSteady,
        },
        ratio: {
          open: round(open.requestsPerSecond / bareFigures.requestsPerSecond, 3),
          click: round(click.requestsPerSecond / bareFigures.requestsPerSecond, 3),
        },
        exactlyOnce: combine(checked(whole), rows.stray),
        kill: { ...kill, exactlyOnce: combine(checked(slices.kill)) },
        dashboard: { unloaded: dashboardUnloaded, underLoad: { ...dashboardUnderLoad, trackingLoad: backgroundRun } },
        keyed: {
          unloaded: keyed(healthRun, tagsRun, CONNECTIONS),
          underLoad: keyed(healthUnderLoad, tagsUnderLoad, KEYED_CONNECTIONS),
        },
        rolledUp: await rolledUp(client, seeded.broadcastId),
      };
    });
  } finally {
    for (const stop of cleanup.reverse()) await stop().catch(() => {});
  }
}

const range = ({ from, to }) => Array.from({ length: to - from }, (_, k) => from + k);
const perRequest = (cpuSecondsUsed, r) => (r.responses ? round((cpuSecondsUsed * 1000) / r.responses, 3) : null);
/** A run's figures without the per-100-ms timeline (the kill test reads it; the JSON line has no room for it). */
const shown = ({ timeline, ...rest }) => (void timeline, rest);
const keyed = (health, tags, connections) => ({
  connections,
  healthPerSecond: health.requestsPerSecond,
  tagsPerSecond: tags.requestsPerSecond,
  ratio: round(tags.requestsPerSecond / health.requestsPerSecond, 3),
  tagsP99Ms: tags.latencyMs.p99,
  errors: health.errors + tags.errors + nonOk(health) + nonOk(tags),
});
const nonOk = (r) => Object.entries(r.statusCodes).reduce((n, [code, k]) => n + (code === "200" ? 0 : k), 0);

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
