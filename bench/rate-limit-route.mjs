// node --import tsx bench/rate-limit-route.mjs – the shared rate limiter's cost on a keyed read, without a build:
// the real route handlers of keyed `GET /api/v1/tags?limit=20` (100 tags, one key: every request takes a token of
// the same row) and `GET /api/health` behind a bare node:http server, 50 connections each (autocannon), on the
// embedded database (its own process, like `npm start`) and on PostgreSQL (BENCH_DATABASE_URL or the local server).
// Without Next's ~0.75 ms per request the limiter's share of a request is larger than behind `next start`, so the
// ratio here is the stricter one (bench:api measures the built app). Prints one JSON line; target: ratio ≥ 0.7.
import { createServer } from "node:http";
import autocannon from "autocannon";
import { freshServerDatabase } from "./lib/server.mjs";
import { withEmbeddedDb, failSoft } from "./lib/embedded-db.mjs";
import { migrate } from "../scripts/lib/migrate.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = 50;
process.env.API_RATE_LIMIT = "1000000000";
process.env.NEXTAUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";

async function measure(databaseUrl) {
  process.env.DATABASE_URL = databaseUrl;
  // A request still finishing after the previous database's measurement may have opened a pool on it again.
  await (await import("@/server/db/client")).disconnectDb();
  await migrate(databaseUrl, { log: () => {} });
  const { createWorkspace } = await import("@/server/services/workspaces/create-workspace");
  const { createApiKey } = await import("@/server/services/api-keys/create-api-key");
  const { createTag } = await import("@/server/services/tags/create-tag");
  const tags = await import("@/app/api/v1/tags/route");
  const health = await import("@/app/api/health/route");
  const { disconnectDb } = await import("@/server/db/client");
  const { forgetPing } = await import("@/server/db/ping");
  forgetPing();
  const workspace = await createWorkspace({ name: "Bench" });
  const key = await createApiKey({ workspaceId: workspace.id, input: { name: "bench", scope: "read" } });
  for (let i = 0; i < 100; i++) await createTag({ workspaceId: workspace.id, input: { name: `Tag ${i}` } });

  const routes = { "/api/health": health.GET, "/api/v1/tags": tags.GET };
  const server = createServer(async (req, res) => {
    const route = routes[(req.url ?? "").split("?")[0]];
    if (!route) return void res.writeHead(404).end();
    const response = await route(toRequest(req), { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const run = (path, duration) =>
    autocannon({
      url: `${base}${path}`,
      headers: { "X-API-Key": key.plaintext },
      connections: CONNECTIONS,
      duration,
    });
  try {
    await run("/api/health", 2);
    await run("/api/v1/tags?limit=20", 2);
    const h = await run("/api/health", DURATION);
    const before = await takeStatements();
    const t = await run("/api/v1/tags?limit=20", DURATION);
    const statements = (await takeStatements()) - before;
    return {
      healthRps: Math.round(h.requests.average),
      tagsRps: Math.round(t.requests.average),
      ratio: +(t.requests.average / h.requests.average).toFixed(3),
      tagsP99Ms: t.latency.p99,
      // Takes per statement on the one key's row (group commit); 1 with a statement per take.
      takesPerStatement: statements > 0 ? +(t.requests.total / statements).toFixed(1) : null,
      errors: h.errors + h.non2xx + t.errors + t.non2xx,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await disconnectDb();
  }
}

/** Updates of "RateLimitWindow" so far (statistics are per database; reported with a short delay, hence the sleep). */
async function takeStatements() {
  const { sql } = await import("@/server/db/pool");
  await new Promise((resolve) => setTimeout(resolve, 700));
  const rows = await sql(
    `SELECT coalesce(sum(n_tup_upd + n_tup_ins), 0)::int AS n FROM pg_stat_user_tables WHERE relname = 'RateLimitWindow'`,
    [],
  );
  return rows[0]?.n ?? 0;
}

function toRequest(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers });
}

const embedded = await failSoft(withEmbeddedDb((url) => measure(url)));
const pgServer = await freshServerDatabase();
let postgres;
if ("unavailable" in pgServer) postgres = { skipped: pgServer.unavailable };
else {
  try {
    postgres = { database: `PostgreSQL ${pgServer.version}`, ...(await failSoft(measure(pgServer.url))) };
  } finally {
    await pgServer.drop();
  }
}
console.log(
  JSON.stringify({
    bench: "rate-limit-route",
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    embedded,
    postgres,
  }),
);
