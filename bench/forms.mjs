// npm run bench:forms – sign-up forms on a production server (scripts/start.mjs: web server and worker):
// (1) the embed script's size: public/embed.js gzipped at level 9 (what a CDN or `next start` sends at most);
// (2) form analytics at a year of a busy form (PostgreSQL): 1,000,000 views over 365 days in FormDailyStats and
//     50,000 submissions (one new contact each, spread over the days with their sources, devices and field values)
//     seeded in SQL beside another form's BENCH_NEIGHBOURS (100,000) submissions in the same table, then
//     GET /api/v1/forms/{id}/analytics with a read key BENCH_RUNS (200) times one after another after a warm-up, for
//     range=1y (every row of the year) and the default 30d: p50/p99, the answer's totals, and how PostgreSQL reads
//     the submissions for each (EXPLAIN ANALYZE);
// (3) the public endpoints, on a fresh PostgreSQL database and then on the embedded one, BENCH_CONNECTIONS (50)
//     keep-alive connections for BENCH_DURATION (10) seconds each, after a 2-second warm-up:
//     - the floor in the same run: a bare node:http server answering a POSTed body with a small JSON
//       (bench/lib/bare-form.mjs, its own process) and the server's own GET /api/health;
//     - submissions: a double opt-in form created and published through the API, POST /api/forms/{id}/submissions
//       with a new address every request, each with its own valid render token (signed by the server's own
//       renderToken with its secret, 10 s old as a person's would be: what GET /api/forms/{id} hands out, minted
//       ahead so the config fetches are not part of the load): accepted submissions/s, latency, CPU per submission
//       (web server, worker, database); then p50/p99 under an open-loop BENCH_RATE (2000)/s (bench/lib/fixed-rate.mjs;
//       at 80 % of the saturated rate when that is lower), and the rows written: one FormSubmission, one pending
//       contact and one FormConfirmation (the double opt-in email owed) per accepted request;
//     - views: POST /api/forms/{id}/views, a new view id every request: views/s, latency, rows counted.
//     Every request comes from 127.0.0.1, so the per-address and per-form limits are raised (FORM_RATE_LIMIT_PER_IP,
//     FORM_RATE_LIMIT_PER_FORM, FORM_VIEW_RATE_LIMIT_PER_IP).
// Prints one JSON line. Targets (PostgreSQL, 50 connections): ≥ 2,000 accepted submissions/s with p99 < 50 ms;
// embed < 10 KB gzipped; analytics p99 < 200 ms; one confirmation per submission.
// BENCH_ONLY=embed|analytics|submissions runs one part; BENCH_DATABASES=postgres|embedded measures (3) on one.
// Internally the same file runs as a tsx child (--role=tokens) to sign the render tokens.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import pg from "pg";
import { ensureBuild, freshServerDatabase, startSendwell } from "./lib/server.mjs";
import { seedBusyForm, submissionScanPlan } from "./lib/form-rows.mjs";
import { fixedRate } from "./lib/fixed-rate.mjs";
import { startBareForm } from "./lib/bare-form.mjs";
import { backendCpu, blast as load, cpuOf, ok200, siblings } from "./lib/form-load.mjs";
import { root, round, pct, sleep, cpuSeconds, listenerPid, tsxRole } from "./lib/proc.mjs";

const VIEWS = Number(process.env.BENCH_VIEWS || 1_000_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS || 50_000);
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const RATE = Number(process.env.BENCH_RATE || 2_000);
const WARM_UP = 2;
// Render tokens minted for the saturated run (warm-up included): more than the server can take per second. Should
// they run out, the last one is sent again: its replays are 409s, counted apart from the 200s.
const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND || 4_000);
const SECRET = "bench-secret-bench-secret"; // startSendwell's NEXTAUTH_SECRET
const SELF = path.join(root, "bench/forms.mjs");
const PORT = 3240;
const ONLY = process.env.BENCH_ONLY;
const DATABASES = (process.env.BENCH_DATABASES || "postgres,embedded").split(",");
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);
const LIMITS_RAISED = {
  API_RATE_LIMIT: "1000000000",
  FORM_RATE_LIMIT_PER_IP: "1000000000",
  FORM_RATE_LIMIT_PER_FORM: "1000000000",
  FORM_VIEW_RATE_LIMIT_PER_IP: "1000000000",
};
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function main() {
  const embed = !ONLY || ONLY === "embed" ? embedSize() : undefined;
  if (ONLY === "embed") return print({ embed });
  ensureBuild();
  const publicPart = !ONLY || ONLY === "submissions";
  const floor = publicPart ? await failSoft(bareFloor()) : undefined;
  let postgres = { skipped: "BENCH_DATABASES" };
  let analytics;
  if (DATABASES.includes("postgres") || ONLY === "analytics") {
    const database = await freshServerDatabase();
    if (database.unavailable) postgres = { skipped: database.unavailable };
    else {
      try {
        const measured = await withServer(database.url, async (ctx) => ({
          analytics: !ONLY || ONLY === "analytics" ? await failSoft(measureAnalytics(ctx)) : undefined,
          endpoints: publicPart ? await failSoft(measurePublic(ctx)) : undefined,
        }));
        analytics = measured.analytics;
        postgres = { database: `PostgreSQL ${database.version}`, ...measured.endpoints };
      } finally {
        await database.drop();
      }
    }
  }
  const embedded =
    publicPart && DATABASES.includes("embedded")
      ? { database: "embedded (PGlite)", ...(await failSoft(withServer(undefined, measurePublic))) }
      : { skipped: "BENCH_DATABASES" };
  print({
    embed,
    analytics,
    floor,
    postgres: publicPart ? postgres : undefined,
    embedded: publicPart ? embedded : undefined,
  });
}

/** A production Sendwell on the database (undefined: its embedded one), a workspace, keys and a pg client for `fn`. */
async function withServer(databaseUrl, fn) {
  const server = await startSendwell({ port: PORT, databaseUrl, env: LIMITS_RAISED });
  try {
    const url = databaseUrl ?? JSON.parse(readFileSync(path.join(server.dataDir, "embedded-db.json"), "utf8")).url;
    const slug = server.cli("workspace", "create", "--name", "Forms bench");
    const writeKey = server.cli("keys", "create", "--workspace", slug, "--name", "bench", "--scope", "write");
    const readKey = server.cli("keys", "create", "--workspace", slug, "--name", "reader", "--scope", "read");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn({ server, client, slug, writeKey, readKey, url, database: new URL(url).pathname.slice(1) });
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

function print({ embed, analytics, floor, postgres, embedded }) {
  const submissions = postgres?.submissions;
  const targets = {
    ...(embed?.gzipBytes ? { embedUnder10KB: embed.gzipBytes < 10 * 1024 } : {}),
    ...(analytics?.year ? { analyticsP99Under200ms: analytics.year.latencyMs.p99 < 200 } : {}),
    ...(submissions?.saturated
      ? {
          submissionsAtLeast2000PerSecond: submissions.saturated.acceptedPerSecond >= 2000,
          p99Under50ms: submissions.saturated.latencyMs.p99 < 50,
          oneConfirmationPerSubmission: [postgres, embedded].every(
            (db) => !db?.submissions?.rows || db.submissions.rowsMatch,
          ),
        }
      : {}),
  };
  console.log(
    JSON.stringify({
      bench: "forms",
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      embed,
      analytics,
      floor,
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

function embedSize() {
  try {
    const source = readFileSync(path.join(root, "public/embed.js"));
    return { bytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length };
  } catch (error) {
    return { error: error.message };
  }
}

// ---------------------------------------------------------------- analytics

async function measureAnalytics({ server, client, slug, readKey }) {
  const seeded = await seedBusyForm(client, slug, {
    views: VIEWS,
    submissions: SUBMISSIONS,
    neighbours: NEIGHBOURS,
    userAgent: UA,
  });
  const get = async (query) => {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/v1/forms/${seeded.formId}/analytics${query}`, {
      headers: { "X-API-Key": readKey },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`analytics answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, body };
  };
  const series = async (query) => {
    for (let i = 0; i < 20; i++) await get(query); // warm-up: JIT, the pool, the plan cache
    const times = [];
    let body;
    for (let i = 0; i < RUNS; i++) {
      const r = await get(query);
      times.push(r.ms);
      body = r.body;
    }
    times.sort((a, b) => a - b);
    return {
      latencyMs: { p50: round(pct(times, 0.5)), p99: round(pct(times, 0.99)), max: round(times.at(-1)) },
      // What the answer said, to check against the seed.
      answer: {
        days: body.timeSeries.length,
        viewsCount: body.viewsCount,
        submissionsCount: body.submissionsCount,
        conversionRate: body.conversionRate,
        sourcesCounted: body.trafficSources.reduce((s, x) => s + x.count, 0),
        devicesCounted: body.submissionsByDevice.reduce((s, x) => s + x.count, 0),
        fieldCompletionRates: body.fieldCompletionRates,
      },
    };
  };
  return {
    seeded: {
      views: seeded.views,
      submissions: seeded.submissions,
      otherFormSubmissions: NEIGHBOURS,
      seedSeconds: seeded.seconds,
    },
    runs: RUNS,
    year: await series("?range=1y"),
    month: await series(""),
    plans: {
      year: await submissionScanPlan(client, seeded.formId, 365),
      month: await submissionScanPlan(client, seeded.formId, 30),
    },
  };
}

// ---------------------------------------------------------------- the floor

/** A bare node:http server's answers to the same POSTs, in the same run: what the machine allows without Sendwell. */
async function bareFloor() {
  const bare = await startBareForm();
  try {
    const body = () => JSON.stringify({ email: "visitor@bench.example", _t: "x".repeat(48) });
    const headers = { "content-type": "application/json" };
    await blast(bare.url, "/", headers, body, WARM_UP);
    const c0 = cpuSeconds(bare.pid);
    const r = await blast(bare.url, "/", headers, body, DURATION);
    return {
      bareNodeHttp: { ...r, cpuMsPerRequest: round(((cpuSeconds(bare.pid) - c0) * 1000) / Math.max(1, r.requests)) },
    };
  } finally {
    await bare.stop();
  }
}

// ---------------------------------------------------------------- the public endpoints

async function measurePublic({ server, client, writeKey, url, database }) {
  const api = async (method, p, body) => {
    const res = await fetch(`${server.base}${p}`, {
      method,
      headers: { "X-API-Key": writeKey, "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const { data: form } = await api("POST", "/api/v1/forms", {
    name: "Bench sign-up",
    type: "inline",
    doubleOptIn: true,
    fields: [
      { type: "email", name: "email", label: "Email", required: true },
      { type: "first_name", name: "firstName", label: "First name", required: false },
    ],
  });
  await api("POST", `/api/v1/forms/${form.id}/publish`);
  // The config a visitor's page fetches: its render token is what the minted ones must look like.
  const config = await (await fetch(`${server.base}/api/forms/${form.id}`)).json();
  if (!config.renderToken) throw new Error(`GET /api/forms/${form.id} gave no renderToken: ${JSON.stringify(config)}`);
  // One token per accepted submission, as a visitor's page load is: signed like the config's, 10 s old.
  const env = { ...process.env, DATABASE_URL: url, NEXTAUTH_SECRET: SECRET };
  const tokens = tsxRole(SELF, "tokens", env, [form.id, String((WARM_UP + DURATION) * TOKENS_PER_SECOND)]);
  const web = listenerPid(PORT);
  const cpuOfWeb = () => (web ? cpuSeconds(web) : null);

  // The server's own health route: the floor of a request through this web server.
  await blast(server.base, "/api/health", {}, undefined, WARM_UP, "GET");
  const h0 = cpuOfWeb();
  const health = await blast(server.base, "/api/health", {}, undefined, DURATION, "GET");
  health.webServerCpuMsPerRequest = web ? round(((cpuOfWeb() - h0) * 1000) / Math.max(1, health.requests)) : null;

  let n = 0;
  const body = () =>
    JSON.stringify({
      email: `visitor${++n}@bench.example`,
      firstName: `Visitor ${n}`,
      _hp: "",
      _t: tokens.length > 1 ? tokens.pop() : tokens[0],
      _url: `https://shop.example/?utm_source=bench${n % 7}`,
    });
  const submitPath = `/api/forms/${form.id}/submissions`;
  const headers = { "content-type": "application/json", "user-agent": UA, origin: "https://shop.example" };
  const warm = await blast(server.base, submitPath, headers, body, WARM_UP); // JIT, the pool: not counted
  await sleep(500);
  // CPU per accepted submission of the web server process and of the database's backends: what a request costs
  // whatever else the machine is doing (latencies on a busy machine are mostly waiting for a core).
  const web0 = cpuOfWeb();
  const others = web ? siblings(web) : []; // the worker (sending the confirmation emails meanwhile), start.mjs
  const others0 = cpuOf(others);
  const db0 = await backendCpu(client, database);
  const saturated = await blast(server.base, submitPath, headers, body, DURATION);
  await sleep(1000); // requests still in flight when autocannon stopped land
  const db1 = await backendCpu(client, database);
  saturated.acceptedPerSecond = Math.round(ok200(saturated) / DURATION);
  saturated.tokensRanOut = tokens.length <= 1;
  const perRequest = (seconds) => round((seconds * 1000) / Math.max(1, ok200(saturated)));
  saturated.cpuMsPerSubmission = {
    webServer: web ? perRequest(cpuOfWeb() - web0) : null,
    workerAndLauncher: web ? perRequest(cpuOf(others) - others0) : null,
    // The embedded database runs in its own process (counted with the launcher's children above).
    postgresBackends: perRequest([...db1].reduce((sum, [pid, cpu]) => sum + cpu - (db0.get(pid) ?? 0), 0)),
  };
  // Latency at a steady RATE/s, open loop: only meaningful when the server keeps up with it at all; otherwise at
  // 80 % of what it sustained (the queue would grow for the whole run and measure nothing but its length).
  const rate = Math.max(1, Math.min(RATE, Math.floor(saturated.acceptedPerSecond * 0.8)));
  tokens.push(...tsxRole(SELF, "tokens", env, [form.id, String(rate * DURATION + 100)]));
  const steady = await fixedRate({
    url: server.base,
    method: "POST",
    headers,
    nextPath: () => submitPath,
    nextBody: body,
    rate,
    seconds: DURATION,
  });
  await sleep(1000);
  const {
    rows: [rows],
  } = await client.query(
    `SELECT (SELECT count(*) FROM "FormSubmission" WHERE "formId" = $1)::int AS submissions,
            (SELECT count(*) FROM "FormConfirmation" WHERE "formId" = $1)::int AS confirmations,
            (SELECT count(*) FROM "Contact" c WHERE c.status = 'pending' AND c."emailKey" LIKE 'visitor%@bench.example')::int
              AS "pendingContacts"`,
    [form.id],
  );
  // Every address is new, so every accepted request is one submission, one pending contact, one confirmation.
  // Requests autocannon had sent but not seen answered when it stopped may still have been accepted: between.
  const accepted = { answered200: ok200(warm) + ok200(saturated) + (steady.requests - steady.errors), sent: n };

  // Views: a new view id each (one per page load), counted once each.
  const viewPath = `/api/forms/${form.id}/views`;
  const viewBody = () => JSON.stringify({ viewId: crypto.randomUUID() });
  const viewHeaders = { "content-type": "application/json", origin: "https://shop.example" };
  await blast(server.base, viewPath, viewHeaders, viewBody, WARM_UP);
  await sleep(1000); // the warm-up's last reports land before the count
  const {
    rows: [v0],
  } = await client.query(`SELECT count(*)::int AS n FROM "FormView" WHERE "formId" = $1`, [form.id]);
  const views = await blast(server.base, viewPath, viewHeaders, viewBody, DURATION);
  await sleep(1000);
  const {
    rows: [v1],
  } = await client.query(`SELECT count(*)::int AS n FROM "FormView" WHERE "formId" = $1`, [form.id]);
  views.countedPerSecond = Math.round((v1.n - v0.n) / DURATION);
  views.counted = v1.n - v0.n;

  return {
    health: {
      requestsPerSecond: health.requestsPerSecond,
      latencyMs: health.latencyMs,
      webServerCpuMsPerRequest: health.webServerCpuMsPerRequest,
    },
    submissions: {
      saturated,
      ratioToHealth: round(saturated.acceptedPerSecond / Math.max(1, health.requestsPerSecond)),
      steady: {
        ratePerSecond: rate,
        errors: steady.errors,
        statusCodes: steady.statusCodes,
        p50: steady.p50,
        p99: steady.p99,
        max: steady.max,
      },
      accepted,
      rows,
      rowsMatch:
        rows.confirmations === rows.submissions &&
        rows.pendingContacts === rows.submissions &&
        rows.submissions >= accepted.answered200 &&
        rows.submissions <= accepted.sent,
    },
    views,
  };
}

const blast = (base, requestPath, headers, nextBody, seconds, method) =>
  load({ base, requestPath, headers, nextBody, seconds, method, connections: CONNECTIONS });

// ---------------------------------------------------------------- tsx role: render tokens signed like the server's

async function tokens(formId, count) {
  const { renderToken } = await import("../server/services/public-forms/render-token.ts");
  const issued = Date.now() - 10_000; // past FORM_MIN_FILL_MS, as a visitor's would be
  const out = [];
  for (let i = 0; i < Number(count); i++) out.push(renderToken(formId, issued));
  console.log(JSON.stringify(out));
}

if (role === "tokens") await tokens(process.argv[3], process.argv[4]);
else await main();
