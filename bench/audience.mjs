// npm run bench:audience – the audience at 100,000 contacts, on the embedded database (PGlite, served on its own
// like `npm run db:serve`) and on a fresh PostgreSQL database:
// (1) CSV import of 100,000 generated rows: uploaded through the upload service, run by the real worker process
//     (worker/main.ts, pg-boss); rows/s between the job's start and finish, and the worker's RSS (VmHWM, and
//     sampled during the import to show it stays flat);
// (2) contactCount of a 3-condition segment (status + tag + custom field), getSegment ~50 times, p50/p99 ms;
// (3) paging GET /api/v1/contacts?limit=100 through all contacts over HTTP against a production server: total time
//     and first vs last pages (no deep-offset slowdown).
// Prints one JSON line. Targets (PostgreSQL): import ≥ 5,000 rows/s with flat memory; segment p99 < 200 ms; last
// pages no slower than 2 × the first. BENCH_ROWS changes the row count; BENCH_SKIP_HTTP=1 skips (3) (no build).
// Only 127.0.0.1 targets. Internally the same file runs as a tsx child (--role=…) for the TypeScript services.
import { spawn, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { failSoft, withEmbeddedDb } from "./lib/embedded-db.mjs";

const root = path.resolve(import.meta.dirname, "..");
const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const SEGMENT_RUNS = 50;
const HEAP_CAP_MB = 128;
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

// ---------------------------------------------------------------- orchestration (plain node)

async function main() {
  const skipHttp = process.env.BENCH_SKIP_HTTP === "1";
  const { ensureBuild, freshServerDatabase } = await import("./lib/server.mjs");
  if (!skipHttp) ensureBuild();
  const only = process.env.BENCH_ONLY; // "embedded" or "postgres"
  const embedded =
    only === "postgres" ? { skipped: "BENCH_ONLY" } : await withEmbeddedDb((url) => failSoft(measure(url, skipHttp)));
  let postgres = { skipped: "BENCH_ONLY" };
  const server = only === "embedded" ? { unavailable: "BENCH_ONLY" } : await freshServerDatabase();
  if (server.unavailable) postgres = { skipped: server.unavailable };
  else {
    try {
      postgres = { database: `PostgreSQL ${server.version}`, ...(await failSoft(measure(server.url, skipHttp))) };
    } finally {
      await server.drop();
    }
  }
  const targets = postgres.import
    ? {
        importAtLeast5000RowsPerSecond: postgres.import.rowsPerSecond >= 5000,
        importMemoryFlatUnderCappedHeap: postgres.import.cappedHeap.completed,
        segmentCountP99Under200ms: postgres.segmentCount.p99 < 200,
        pagingWithoutDeepOffsetSlowdown: postgres.paging
          ? postgres.paging.last10MedianMs <= 2 * postgres.paging.first10MedianMs
          : null,
      }
    : null;
  console.log(JSON.stringify({ bench: "audience", rows: ROWS, embedded, postgres, targets }));
}

async function measure(url, skipHttp) {
  const env = { ...process.env, DATABASE_URL: url };
  const cli = (...args) =>
    execFileSync(process.execPath, ["--import", "tsx", path.join(root, "cli/sendwell.ts"), ...args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
  const slug = cli("workspace", "create", "--name", "Audience bench");
  const key = cli("keys", "create", "--workspace", slug, "--name", "bench", "--scope", "read");
  const importResult = await measureImport(env, slug);
  const segmentCount = JSON.parse(tsxRole("segment", env, [slug, importResult.tagId]));
  delete importResult.tagId;
  // V8 collects lazily, so an uncapped worker's RSS saws up and down. The proof that the import's live memory is
  // flat: the same import, in a fresh workspace, by a worker whose heap is capped at HEAP_CAP_MB.
  const capped = await failSoft(measureImport(env, cli("workspace", "create", "--name", "Capped"), HEAP_CAP_MB));
  importResult.cappedHeap = {
    maxOldSpaceMb: HEAP_CAP_MB,
    completed: capped.created === ROWS,
    ...(capped.error ? { error: capped.error } : {}),
    rowsPerSecond: capped.rowsPerSecond,
    workerPeakRssMb: capped.workerPeakRssMb,
  };
  const paging = skipHttp ? null : await measurePaging(url, key);
  return { import: importResult, segmentCount, paging };
}

function tsxRole(name, env, args) {
  return execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "bench/audience.mjs"), `--role=${name}`, ...args],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 1 << 20,
    },
  )
    .toString()
    .trim()
    .split("\n")
    .at(-1);
}

async function measureImport(env, slug, heapCapMb) {
  const heapArgs = heapCapMb ? [`--max-old-space-size=${heapCapMb}`] : [];
  const worker = spawn(process.execPath, [...heapArgs, "--import", "tsx", path.join(root, "worker/main.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    worker.stdout.on("data", (d) => String(d).includes("Ready") && resolve());
    worker.once("exit", () => reject(new Error("the worker exited during start-up")));
  });
  const rssBefore = procStatus(worker.pid).VmRSS;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const prepared = JSON.parse(tsxRole("prepare", env, [slug, String(ROWS)]));
    // RSS sampled with the progress (one light poll every 250 ms, like a dashboard's progress bar): memory that
    // grows with the rows read would show as growth after the first 10 %.
    let maxRss = rssBefore;
    let rssAt10 = null;
    let maxRssAfter10 = 0;
    let row = null;
    let lastProgress = { rows: -1, at: performance.now() };
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      if (worker.exitCode !== null || worker.signalCode !== null) throw new Error("the worker died during the import");
      const rss = procStatus(worker.pid).VmRSS;
      maxRss = Math.max(maxRss, rss);
      const {
        rows: [current],
      } = await client.query(
        `SELECT status::text AS status, "processedRows", "createdCount", "invalidCount", error,
                extract(epoch from ("finishedAt" - "startedAt")) AS seconds
           FROM "ContactImport" WHERE id = $1`,
        [prepared.importId],
      );
      if (!current) continue;
      row = current;
      if (row.processedRows >= ROWS / 10) {
        rssAt10 ??= rss;
        maxRssAfter10 = Math.max(maxRssAfter10, rss);
      }
      if (row.status === "completed" || row.status === "failed") break;
      if (row.processedRows !== lastProgress.rows) lastProgress = { rows: row.processedRows, at: performance.now() };
      if (performance.now() - lastProgress.at > 120_000) throw new Error(`import stalled at ${row.processedRows} rows`);
    }
    if (row.status !== "completed") throw new Error(`import ${row.status}: ${row.error}`);
    const status = procStatus(worker.pid);
    const seconds = Number(row.seconds);
    return {
      rowsPerSecond: Math.round(ROWS / seconds),
      seconds: +seconds.toFixed(2),
      uploadSeconds: prepared.uploadSeconds,
      created: row.createdCount,
      invalid: row.invalidCount,
      workerPeakRssMb: mb(status.VmHWM),
      workerRssMb: {
        beforeImport: mb(rssBefore),
        at10Percent: mb(rssAt10 ?? maxRss),
        max: mb(maxRss),
        growthAfter10Percent: mb(Math.max(0, maxRssAfter10 - (rssAt10 ?? maxRssAfter10))),
      },
      tagId: prepared.tagId,
    };
  } finally {
    await client.end();
    const exited = new Promise((r) => worker.once("exit", r));
    worker.kill("SIGTERM");
    await exited;
  }
}

/** kB figures of /proc/<pid>/status (Linux). */
function procStatus(pid) {
  const out = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const m = /^(Vm\w+):\s+(\d+) kB/.exec(line);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}
const mb = (kb) => Math.round(kb / 1024);

async function measurePaging(databaseUrl, key) {
  const { startSendwell } = await import("./lib/server.mjs");
  const server = await startSendwell({ port: 3210, databaseUrl, env: { API_RATE_LIMIT: "1000000000" } });
  try {
    const page = async (cursor) => {
      const t0 = performance.now();
      const res = await fetch(`${server.base}/api/v1/contacts?limit=100${cursor ? `&cursor=${cursor}` : ""}`, {
        headers: { "X-API-Key": key },
      });
      if (res.status !== 200) throw new Error(`paging failed: ${res.status} ${await res.text()}`);
      const body = await res.json();
      return { ms: performance.now() - t0, count: body.data.length, next: body.nextCursor };
    };
    for (let i = 0; i < 20; i++) await page(null); // warm-up: JIT, pool, plan cache
    const times = [];
    let contacts = 0;
    const started = performance.now();
    for (let cursor = null, first = true; first || cursor; first = false) {
      const p = await page(cursor);
      times.push(p.ms);
      contacts += p.count;
      cursor = p.next;
    }
    const total = performance.now() - started;
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return {
      pages: times.length,
      contacts,
      totalSeconds: +(total / 1000).toFixed(2),
      firstPageMs: +times[0].toFixed(2),
      lastPageMs: +times.at(-1).toFixed(2),
      first10MedianMs: +median(times.slice(0, 10)).toFixed(2),
      last10MedianMs: +median(times.slice(-10)).toFixed(2),
    };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- children (node --import tsx)

async function runRole(name) {
  const { db, disconnectDb } = await import("../server/db/client.ts");
  try {
    const [slug] = process.argv.slice(3);
    const workspace = await db().workspace.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    const out = name === "prepare" ? await prepare(workspace.id) : await segment(workspace.id);
    console.log(JSON.stringify(out));
  } finally {
    const { stopJobSender } = await import("../server/jobs/enqueue.ts");
    await stopJobSender();
    await disconnectDb();
  }
}

/** Fields, a tag, and the upload + start of a generated file (never held whole: generated as it streams). */
async function prepare(workspaceId) {
  const rows = Number(process.argv[4]);
  const { db } = await import("../server/db/client.ts");
  const { createTag } = await import("../server/services/tags/create-tag.ts");
  const { createImportFromStream } = await import("../server/services/imports/create-import-from-stream.ts");
  const { startImport } = await import("../server/services/imports/start-import.ts");
  await db().customField.create({
    data: { workspaceId, key: "plan", label: "Plan", type: "select", options: ["Free", "Pro", "Team"] },
  });
  const tag = await createTag({ workspaceId, input: { name: "Bench VIP" } });
  const plans = ["Free", "Pro", "Team"];
  async function* file() {
    yield Buffer.from("email,first_name,last_name,plan\n");
    for (let i = 0; i < rows; i += 1000) {
      let text = "";
      for (let j = i; j < Math.min(rows, i + 1000); j++) {
        text += `person${j}@bench.example,First${j},Last ${j % 977},${plans[j % 3]}\n`;
      }
      yield Buffer.from(text);
    }
  }
  const t0 = performance.now();
  const up = await createImportFromStream({ workspaceId, filename: "bench.csv", body: file() });
  const uploadSeconds = +((performance.now() - t0) / 1000).toFixed(2);
  await startImport({
    workspaceId,
    importId: up.id,
    input: { mapping: up.suggestedMapping, tagIds: [], updateExisting: true },
  });
  return { importId: up.id, tagId: tag.id, uploadSeconds };
}

/** Tags 30 % and unsubscribes 10 % of the contacts, then times the live count of status + tag + field. */
async function segment(workspaceId) {
  const tagId = process.argv[4];
  const { db } = await import("../server/db/client.ts");
  const { createSegment } = await import("../server/services/segments/create-segment.ts");
  const { getSegment } = await import("../server/services/segments/get-segment.ts");
  await db().$executeRawUnsafe(
    `INSERT INTO "ContactTag" ("contactId", "tagId")
     SELECT id, $2::uuid FROM "Contact" WHERE "workspaceId" = $1::uuid AND abs(hashtext(email)) % 10 < 3`,
    workspaceId,
    tagId,
  );
  await db().$executeRawUnsafe(
    `UPDATE "Contact" SET status = 'unsubscribed', "unsubscribedAt" = now()
      WHERE "workspaceId" = $1::uuid AND abs(hashtext(email || 'u')) % 10 = 0`,
    workspaceId,
  );
  await db().$executeRawUnsafe(`ANALYZE "Contact"`);
  await db().$executeRawUnsafe(`ANALYZE "ContactTag"`);
  const created = await createSegment({
    workspaceId,
    input: {
      name: "Subscribed Pro VIPs",
      rules: {
        match: "all",
        conditions: [
          { type: "field", field: "status", operator: "equals", value: "subscribed" },
          { type: "tag", operator: "has", tagId },
          { type: "field", field: "fields.plan", operator: "equals", value: "Pro" },
        ],
      },
    },
  });
  for (let i = 0; i < 5; i++) await getSegment({ workspaceId, segmentId: created.id });
  const times = [];
  let contactCount = 0;
  for (let i = 0; i < SEGMENT_RUNS; i++) {
    const t0 = performance.now();
    contactCount = (await getSegment({ workspaceId, segmentId: created.id })).contactCount;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => +times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(2);
  return { contactCount, runs: SEGMENT_RUNS, p50: pct(50), p99: pct(99), max: +times.at(-1).toFixed(2) };
}

// Last, so every const above is initialised before either path runs.
if (role) await runRole(role);
else await main();
