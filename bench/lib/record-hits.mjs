// The tracking services alone, without HTTP: recordOpen and recordClick called by BENCH_CONCURRENCY (default 50)
// loops at once for BENCH_DURATION seconds, on PostgreSQL (BENCH_DATABASE_URL, migrated here) or, without it, on a
// fresh embedded database served from its own process as `npm start` does. Each call is timed from the call to its
// promise's settling (= committed); afterwards the EmailEvent rows are counted against the calls that resolved.
// Prints one JSON line. Run: node --conditions=react-server --import tsx bench/lib/record-hits.mjs
// (react-server: `server-only` resolves to its empty module, as in Next's server build.)
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { migrate } from "../../scripts/lib/migrate.mjs";
import { withEmbeddedDb } from "./embedded-db.mjs";
import { cpuSeconds, listenerPid } from "./proc.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 50);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS || 20_000);
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

process.env.NEXTAUTH_SECRET ??= "bench-secret-bench-secret";

// Without group commit (the code before it) there are no counters: one statement per hit.
const none = { statements: 0, items: 0 };

async function measure(url) {
  process.env.DATABASE_URL = url;
  await migrate(url, { log: () => {} });
  const { sql } = await import("@/server/db/pool");
  const { disconnectDb } = await import("@/server/db/client");
  const { recordOpen, recordClick } = await import("@/server/services/tracking/record-hit");
  const { createWorkspace } = await import("@/server/services/workspaces/create-workspace");
  const { makeSentBroadcast } = await import("../../tests/support/broadcast-rows");
  try {
    const workspace = await createWorkspace({ name: "Bench" });
    const b = await makeSentBroadcast({
      workspaceId: workspace.id,
      count: RECIPIENTS,
      links: ["https://example.com/a", "https://example.com/b?e={{email}}", "https://example.com/c"],
    });
    const tokens = b.recipients.map((r) => r.token);
    const links = b.links.map((l) => l.id.toString());

    const { trackingWriteStats } = await import("@/server/services/tracking/record-hit");
    // The database's CPU: the embedded server's process, or the PostgreSQL backends of this database (every
    // connection of the pool opened first, so none is missing from the list). The warm-up's opens are not counted.
    const WARM_UP = 200;
    await Promise.all(tokens.slice(0, WARM_UP).map((t) => recordOpen(t, UA)));
    const port = Number(new URL(url).port);
    let dbPids = [listenerPid(port)];
    if (process.env.BENCH_DATABASE_URL) {
      const size = Number(process.env.DATABASE_POOL_SIZE || 10);
      await Promise.all(Array.from({ length: size }, () => sql(`SELECT pg_sleep(0.05)`, [])));
      const rows = await sql(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`, []);
      dbPids = rows.map((r) => r.pid);
    }
    // Per backend; one that closed meanwhile (the pool drops idle connections after 10 s) counts for nothing.
    const dbCpu = () => dbPids.map((pid) => (existsSync(`/proc/${pid}/stat`) ? cpuSeconds(pid) : null));
    const dbCpuSince = (before) =>
      dbCpu().reduce((sum, now, i) => sum + (now === null || before[i] === null ? 0 : now - before[i]), 0);
    const run = async (hit, stats) => {
      const before = { ...stats };
      const cpu = process.cpuUsage();
      const dbCpuBefore = dbCpu();
      let next = 0;
      let done = 0;
      const latencies = [];
      const end = performance.now() + DURATION * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < end) {
            const i = next++;
            const t0 = performance.now();
            await hit(i);
            latencies.push(performance.now() - t0);
            done++;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
      const used = process.cpuUsage(cpu);
      const statements = stats.statements - before.statements;
      return {
        calls: done,
        hitsPerSecond: Math.round(done / seconds),
        latencyMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
        statements,
        meanBatch: statements ? Math.round((stats.items - before.items) / statements) : null,
        processCpuMicrosPerHit: Math.round((used.user + used.system) / done),
        databaseCpuMicrosPerHit: Math.round((dbCpuSince(dbCpuBefore) * 1e6) / done),
      };
    };
    const count = async (type) =>
      Number(
        (
          await sql(`SELECT count(*)::text AS n FROM "EmailEvent" WHERE "broadcastId" = $1 AND type = $2`, [b.id, type])
        )[0].n,
      );

    const open = await run((i) => recordOpen(tokens[i % tokens.length], UA), trackingWriteStats?.opens ?? none);
    const click = await run(async (i) => {
      const target = await recordClick(links[i % links.length], tokens[i % tokens.length], UA);
      if (!target) throw new Error("a valid click was refused");
    }, trackingWriteStats?.clicks ?? none);
    return {
      open: { ...open, recorded: (await count("open")) - WARM_UP },
      click: { ...click, recorded: await count("click") },
    };
  } finally {
    await disconnectDb();
  }
}

const url = process.env.BENCH_DATABASE_URL;
const result = url ? { database: "PostgreSQL", ...(await measure(url)) } : await withEmbeddedDb(measure);
console.log(JSON.stringify({ bench: "record-hits", concurrency: CONCURRENCY, durationSeconds: DURATION, ...result }));
