// npm run bench:api – the keyed API's overhead: keyed `GET /api/v1/tags?limit=20` (100 tags) against the trivial
// unauthenticated `GET /api/health` on the same production server, on the embedded database and on PostgreSQL.
// Throughput: autocannon, 32 connections for 10 s each. Latency (ms): an open-loop fixed load of 200 requests/s
// for 10 s (bench/lib/fixed-rate.mjs).
// Prints one JSON line. Targets (PostgreSQL): tags ≥ 0.5 × health throughput; tags p99 at 200 req/s < 20 ms.
import autocannon from "autocannon";
import { ensureBuild, freshServerDatabase, seedTagsWorkspace, startSendwell } from "./lib/server.mjs";
import { fixedRate } from "./lib/fixed-rate.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 10);

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(label, databaseUrl) {
  const server = await startSendwell({ port: 3200, databaseUrl, env: { API_RATE_LIMIT: "1000000000" } });
  try {
    const { key } = await seedTagsWorkspace(server);
    const health = { url: `${server.base}/api/health` };
    const tags = { url: `${server.base}/api/v1/tags?limit=20`, headers: { "X-API-Key": key } };
    // Warm up both routes (JIT, connection pool) before measuring.
    await run({ ...health, duration: 2, connections: 8 });
    await run({ ...tags, duration: 2, connections: 8 });
    // Latency first, at steady state: right after a 32-connection blast the server is still collecting its garbage.
    const healthFixed = await fixedRate({ ...health, rate: 200, seconds: DURATION });
    const tagsFixed = await fixedRate({ ...tags, rate: 200, seconds: DURATION });
    const healthMax = await run({ ...health, connections: 32 });
    const tagsMax = await run({ ...tags, connections: 32 });
    const errors =
      [healthMax, tagsMax].reduce((n, r) => n + r.errors + r.non2xx, 0) + healthFixed.errors + tagsFixed.errors;
    return {
      database: label,
      healthRps: Math.round(healthMax.requests.average),
      tagsRps: Math.round(tagsMax.requests.average),
      ratio: +(tagsMax.requests.average / healthMax.requests.average).toFixed(3),
      at200rps: {
        health: { p50: healthFixed.p50, p99: healthFixed.p99 },
        tags: { p50: tagsFixed.p50, p99: tagsFixed.p99 },
      },
      errors,
    };
  } finally {
    await server.stop();
  }
}

ensureBuild();
const embedded = await measure("embedded (PGlite)", undefined);
const server = await freshServerDatabase();
let postgres = null;
if (server.unavailable) {
  postgres = { skipped: server.unavailable };
} else {
  try {
    postgres = { ...(await measure(`PostgreSQL ${server.version}`, server.url)) };
  } finally {
    await server.drop();
  }
}
const targets = postgres?.ratio
  ? { ratioAtLeast0_5: postgres.ratio >= 0.5, tagsP99Under20ms: postgres.at200rps.tags.p99 < 20 }
  : null;
console.log(JSON.stringify({ bench: "api", durationSeconds: DURATION, connections: 32, embedded, postgres, targets }));
