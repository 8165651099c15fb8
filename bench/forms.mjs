// npm run bench:forms – sign-up forms on a production server (scripts/start.mjs: web server and worker) on a fresh
// PostgreSQL database:
// (1) the embed script's size: public/embed.js gzipped at level 9 (what a CDN or `next start` sends at most);
// (2) form analytics at a year of a busy form: 1,000,000 views over 365 days in FormDailyStats and 50,000
//     submissions (one new contact each, spread over the days with their sources, devices and field values) seeded
//     in SQL beside another form's BENCH_NEIGHBOURS (100,000) submissions in the same table, then GET /api/v1/forms/{id}/analytics with a read key BENCH_RUNS (200) times one after another after
//     a warm-up, for range=1y (every row of the year) and the default 30d: p50/p99, the answer's totals, and how
//     PostgreSQL reads the submissions for each (EXPLAIN ANALYZE);
// (3) public submissions: a double opt-in form created and published through the API, its config fetched from
//     GET /api/forms/{id} for a render token per request (one token, one accepted submission; fetched ahead and
//     used after FORM_MIN_FILL_MS, as a person would), then POST
//     /api/forms/{id}/submissions with autocannon, BENCH_CONNECTIONS (20) for BENCH_DURATION (10) seconds, every
//     request a different address: submissions/s, latency and CPU per submission (web server, worker, database);
//     then p50/p99 under an open-loop BENCH_RATE (500)/s (bench/lib/fixed-rate.mjs; at 80 % of the saturated rate
//     when that is lower) and the rows written: one FormSubmission and one FormConfirmation (the double
//     opt-in email owed) per accepted request. The per-address and per-form limits are raised through
//     FORM_RATE_LIMIT_PER_IP / FORM_RATE_LIMIT_PER_FORM: every request comes from 127.0.0.1.
// Prints one JSON line. Targets: embed < 10 KB gzipped; analytics p99 < 200 ms; ≥ 500 submissions/s with p99 < 100 ms.
// BENCH_ONLY=embed|analytics|submissions runs one part.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ensureBuild, freshServerDatabase, startSendwell } from "./lib/server.mjs";
import { seedBusyForm, submissionScanPlan } from "./lib/form-rows.mjs";
import { fixedRate } from "./lib/fixed-rate.mjs";
import { root, round, pct, sleep, cpuSeconds, listenerPid, autocannonFigures } from "./lib/proc.mjs";

const VIEWS = Number(process.env.BENCH_VIEWS || 1_000_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS || 50_000);
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const RATE = Number(process.env.BENCH_RATE || 500);
const MIN_FILL_MS = 3_000; // the server's FORM_MIN_FILL_MS, set below so the wait is known
// Render tokens fetched ahead for the saturated run (warm-up included): more than the server can take per second.
const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND || 1_500);
const TOKEN_FETCH_PARALLEL = 20;
const PORT = 3240;
const ONLY = process.env.BENCH_ONLY;
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function main() {
  const embed = !ONLY || ONLY === "embed" ? embedSize() : undefined;
  if (ONLY === "embed") return print({ embed });
  ensureBuild();
  const database = await freshServerDatabase();
  if (database.unavailable) return print({ embed, skipped: database.unavailable });
  try {
    const server = await startSendwell({
      port: PORT,
      databaseUrl: database.url,
      env: {
        API_RATE_LIMIT: "1000000000",
        FORM_RATE_LIMIT_PER_IP: "1000000000",
        FORM_RATE_LIMIT_PER_FORM: "1000000000",
        FORM_MIN_FILL_MS: String(MIN_FILL_MS),
      },
    });
    try {
      const slug = server.cli("workspace", "create", "--name", "Forms bench");
      const writeKey = server.cli("keys", "create", "--workspace", slug, "--name", "bench", "--scope", "write");
      const readKey = server.cli("keys", "create", "--workspace", slug, "--name", "reader", "--scope", "read");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const ctx = { server, client, slug, writeKey, readKey, database: new URL(database.url).pathname.slice(1) };
        const analytics = !ONLY || ONLY === "analytics" ? await failSoft(measureAnalytics(ctx)) : undefined;
        const submissions = !ONLY || ONLY === "submissions" ? await failSoft(measureSubmissions(ctx)) : undefined;
        print({ database: `PostgreSQL ${database.version}`, embed, analytics, submissions });
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

function print({ embed, analytics, submissions, ...rest }) {
  const targets = {
    ...(embed?.gzipBytes ? { embedUnder10KB: embed.gzipBytes < 10 * 1024 } : {}),
    ...(analytics?.year ? { analyticsP99Under200ms: analytics.year.latencyMs.p99 < 200 } : {}),
    ...(submissions?.saturated
      ? {
          submissionsAtLeast500PerSecond: submissions.saturated.requestsPerSecond >= 500,
          submissionsP99Under100ms: submissions.steady.ratePerSecond >= 500 && submissions.steady.p99 < 100,
          oneConfirmationPerSubmission:
            submissions.rows.confirmations === submissions.rows.submissions &&
            submissions.rows.pendingContacts === submissions.rows.submissions &&
            submissions.rows.submissions >= submissions.accepted.answered200 &&
            submissions.rows.submissions <= submissions.accepted.sent,
        }
      : {}),
  };
  console.log(JSON.stringify({ bench: "forms", ...rest, embed, analytics, submissions, targets }));
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

// ---------------------------------------------------------------- public submissions

async function measureSubmissions({ server, client, writeKey, database }) {
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
  // A render token is good for one accepted submission, as a visitor's page load is: each request takes its own,
  // fetched from the public config beforehand (outside the measured time) and used after FORM_MIN_FILL_MS.
  const tokens = [];
  const fetchTokens = async (count) => {
    const one = async () => {
      const config = await (await fetch(`${server.base}/api/forms/${form.id}`)).json();
      if (!config.renderToken)
        throw new Error(`GET /api/forms/${form.id} gave no renderToken: ${JSON.stringify(config)}`);
      tokens.push(config.renderToken);
    };
    for (let i = 0; i < count; i += TOKEN_FETCH_PARALLEL)
      await Promise.all(Array.from({ length: Math.min(TOKEN_FETCH_PARALLEL, count - i) }, one));
    await sleep(MIN_FILL_MS + 200); // a token is refused as "too quick" before then
  };
  await fetchTokens((2 + DURATION) * TOKENS_PER_SECOND);

  let n = 0;
  const body = () =>
    JSON.stringify({
      email: `visitor${++n}@bench.example`,
      firstName: `Visitor ${n}`,
      _hp: "",
      // Should the pool run dry, the last token again: its replays are 409s, counted apart from the 200s.
      _t: tokens.length > 1 ? tokens.pop() : tokens[0],
      _url: `https://shop.example/?utm_source=bench${n % 7}`,
    });
  const submitPath = `/api/forms/${form.id}/submissions`;
  const headers = { "content-type": "application/json", "user-agent": UA, origin: "https://shop.example" };
  const warm = await blast(server.base, submitPath, headers, body, 2); // warm-up (JIT, the pool), not counted
  await sleep(500);
  // CPU per accepted submission of the web server process and of the database's backends: what a request costs
  // whatever else the machine is doing (latencies on a busy machine are mostly waiting for a core).
  const web = listenerPid(PORT);
  const web0 = web ? cpuSeconds(web) : null;
  const others = web ? siblings(web) : []; // the worker (sending the confirmation emails meanwhile), start.mjs
  const others0 = cpuOf(others);
  const db0 = await backendCpu(client, database);
  const saturated = await blast(server.base, submitPath, headers, body, DURATION);
  await sleep(1000); // requests still in flight when autocannon stopped land
  const db1 = await backendCpu(client, database);
  const perRequest = (seconds) => round((seconds * 1000) / ok200(saturated));
  saturated.cpuMsPerSubmission = {
    webServer: web ? perRequest(cpuSeconds(web) - web0) : null,
    workerAndLauncher: web ? perRequest(cpuOf(others) - others0) : null,
    postgresBackends: perRequest([...db1].reduce((sum, [pid, cpu]) => sum + cpu - (db0.get(pid) ?? 0), 0)),
  };
  // Latency at a steady RATE/s, open loop: only meaningful when the server keeps up with it at all; otherwise at
  // 80 % of what it sustained (the queue would grow for the whole run and measure nothing but its length).
  const rate = Math.min(RATE, Math.floor(saturated.requestsPerSecond * 0.8));
  await fetchTokens(rate * DURATION + 100);
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
  return {
    saturated,
    steady: {
      ratePerSecond: rate,
      errors: steady.errors,
      statusCodes: steady.statusCodes,
      p50: steady.p50,
      p99: steady.p99,
      max: steady.max,
    },
    // Every address is new, so every accepted request is one submission, one pending contact, one confirmation.
    // Requests autocannon had sent but not seen answered when it stopped may still have been accepted: between.
    accepted: { answered200: ok200(warm) + ok200(saturated) + (steady.requests - steady.errors), sent: n },
    rows,
  };
}

const ok200 = (r) => r.statusCodes["200"] ?? 0;

/** The other processes of the Sendwell the web server belongs to: its parent (start.mjs) and all it started. */
function siblings(pid) {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="])
    .toString()
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const parent = table.find(([p]) => p === pid)?.[1];
  const tree = new Set([parent]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of table)
      if (tree.has(pp) && !tree.has(p)) {
        tree.add(p);
        grew = true;
      }
  }
  tree.delete(pid);
  return [...tree];
}

const cpuOf = (pids) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum; // gone meanwhile
    }
  }, 0);

/** CPU seconds so far of each backend connected to the bench database (pooled connections live on). */
async function backendCpu(client, database) {
  const { rows } = await client.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  const cpu = new Map();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

function blast(base, submitPath, headers, nextBody, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        requests: [{ method: "POST", path: submitPath, setupRequest: (req) => ({ ...req, body: nextBody() }) }],
      },
      (error, r) => {
        if (error) return reject(error);
        resolve(autocannonFigures(r, seconds));
      },
    );
  });
}

await main();
