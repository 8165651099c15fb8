// npm run bench:bulk – "select all matching" bulk changes at 100,000 contacts, run by the real worker process
// (worker/main.ts, pg-boss job bulk-contacts), on the embedded database (PGlite, served like `npm run db:serve`)
// and on a fresh PostgreSQL database when one is reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL / local 5432).
// Seeds BENCH_ROWS (100,000) contacts matching a search plus 10 % that do not (with a contact.created event each,
// as the API would leave them), times the page's counts, then bulk-tags and bulk-deletes every match:
// seconds (the job's startedAt → finishedAt, and wall time from the start call to "completed" seen by a 250 ms
// poll like the page's), contacts/s, and the worker's peak RSS. Prints one JSON line.
// Target: 100,000 tagged in under 30 s. Internally the same file runs as a tsx child (--role=…) for the services.
import { spawn, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { failSoft, withEmbeddedDb } from "../lib/embedded-db.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

async function main() {
  const { freshServerDatabase } = await import("../lib/server.mjs");
  const only = process.env.BENCH_ONLY; // "embedded" or "postgres"
  const embedded =
    only === "postgres" ? { skipped: "BENCH_ONLY" } : await withEmbeddedDb((url) => failSoft(measure(url)));
  let postgres = { skipped: "BENCH_ONLY" };
  const server = only === "embedded" ? { unavailable: "BENCH_ONLY" } : await freshServerDatabase();
  if (server.unavailable) postgres = { skipped: server.unavailable };
  else {
    try {
      const measured = await failSoft(Promise.resolve().then(() => (migrate(server.url), measure(server.url))));
      postgres = { database: `PostgreSQL ${server.version}`, ...measured };
    } finally {
      await server.drop();
    }
  }
  const tagSeconds = (r) => r.tag?.wallSeconds;
  const targets = Object.fromEntries(
    [
      ["embedded", embedded],
      ["postgres", postgres],
    ]
      .filter(([, r]) => tagSeconds(r) !== undefined)
      .map(([name, r]) => [`${name}TaggedUnder30s`, tagSeconds(r) < 30]),
  );
  console.log(JSON.stringify({ bench: "bulk", rows: ROWS, embedded, postgres, targets }));
}

function migrate(url) {
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
}

async function measure(url) {
  const env = { ...process.env, DATABASE_URL: url };
  const slug = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "cli/sendwell.ts"), "workspace", "create", "--name", "Bulk bench"],
    { cwd: root, env, stdio: ["ignore", "pipe", "ignore"] },
  )
    .toString()
    .trim();
  const seeded = JSON.parse(tsxRole("seed", env, [slug, String(ROWS)]));
  const worker = spawn(process.execPath, ["--import", "tsx", path.join(root, "worker/main.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    worker.stdout.on("data", (d) => String(d).includes("Ready") && resolve());
    worker.once("exit", () => reject(new Error("the worker exited during start-up")));
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tag = await runAction(env, client, worker, slug, "tag", seeded.tagId);
    const tagged = (await client.query(`SELECT "contactCount" FROM "Tag" WHERE id = $1`, [seeded.tagId])).rows[0];
    const del = await runAction(env, client, worker, slug, "delete");
    const left = (
      await client.query(
        `SELECT count(*)::int AS n FROM "Contact" c JOIN "Workspace" w ON w.id = c."workspaceId"
                           WHERE w.slug = $1`,
        [slug],
      )
    ).rows[0].n;
    return {
      seedSeconds: seeded.seedSeconds,
      countMs: seeded.countMs,
      tag: { ...tag, tagContactCount: tagged.contactCount },
      delete: { ...del, contactsLeft: left },
      workerPeakRssMb: mb(procStatus(worker.pid).VmHWM),
    };
  } finally {
    await client.end();
    const exited = new Promise((r) => worker.once("exit", r));
    worker.kill("SIGTERM");
    await exited;
  }
}

async function runAction(env, client, worker, slug, action, tagId) {
  const t0 = performance.now();
  const { id } = JSON.parse(tsxRole("start", env, [slug, action, tagId ?? ""]));
  let row;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    if (worker.exitCode !== null) throw new Error("the worker died during the bulk change");
    row = (
      await client.query(
        `SELECT status::text AS status, total, processed, changed, error,
                extract(epoch from ("finishedAt" - "startedAt")) AS seconds
           FROM "ContactBulkAction" WHERE id = $1`,
        [id],
      )
    ).rows[0];
    if (row.status === "completed" || row.status === "failed") break;
    if (performance.now() - t0 > 600_000) throw new Error(`${action} stalled at ${row.processed}`);
  }
  if (row.status !== "completed") throw new Error(`${action} ${row.status}: ${row.error}`);
  const wall = (performance.now() - t0) / 1000;
  const seconds = Number(row.seconds);
  return {
    total: row.total,
    changed: row.changed,
    seconds: +seconds.toFixed(2),
    wallSeconds: +wall.toFixed(2),
    contactsPerSecond: Math.round(row.changed / seconds),
  };
}

function tsxRole(name, env, args) {
  return execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "bench/bulk/run.mjs"), `--role=${name}`, ...args],
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

function procStatus(pid) {
  const out = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const m = /^(Vm\w+):\s+(\d+) kB/.exec(line);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}
const mb = (kb) => Math.round(kb / 1024);

// ---------------------------------------------------------------- children (node --import tsx)

async function runRole(name) {
  const { db, disconnectDb } = await import("../../server/db/client.ts");
  try {
    const [slug] = process.argv.slice(3);
    const workspace = await db().workspace.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    const out = name === "seed" ? await seed(workspace.id) : await start(workspace.id);
    console.log(JSON.stringify(out));
  } finally {
    const { stopJobSender } = await import("../../server/jobs/enqueue.ts");
    await stopJobSender();
    const { closePool } = await import("../../server/db/pool.ts");
    await closePool();
    await disconnectDb();
  }
}

/** Contacts and their contact.created events in set-based SQL (the API path is measured by bench:api). */
async function seed(workspaceId) {
  const rows = Number(process.argv[4]);
  const { db } = await import("../../server/db/client.ts");
  const { createTag } = await import("../../server/services/tags/create-tag.ts");
  const { countContacts } = await import("../../server/services/contacts/count-contacts.ts");
  const t0 = performance.now();
  const insert = (domain, n) =>
    db().$executeRawUnsafe(
      `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", status, source, "createdAt",
                              "updatedAt", "subscribedAt")
       SELECT gen_random_uuid(), $1::uuid, 'person' || i || '@' || $2, 'person' || i || '@' || $2, 'First' || i,
              CASE WHEN i % 50 = 0 THEN 'bounced'::"ContactStatus" ELSE 'subscribed'::"ContactStatus" END, 'api',
              now() - interval '1 minute', now(), now()
         FROM generate_series(1, $3::int) AS i`,
      workspaceId,
      domain,
      n,
    );
  await insert("bulk.example", rows);
  await insert("other.example", Math.round(rows / 10));
  await db().$executeRawUnsafe(
    `INSERT INTO "Event" (id, "workspaceId", type, payload)
     SELECT gen_random_uuid(), $1::uuid, 'contact.created', jsonb_build_object('contactId', id, 'email', email)
       FROM "Contact" WHERE "workspaceId" = $1::uuid`,
    workspaceId,
  );
  await db().$executeRawUnsafe(`ANALYZE "Contact"`);
  await db().$executeRawUnsafe(`ANALYZE "Event"`);
  const seedSeconds = +((performance.now() - t0) / 1000).toFixed(2);
  const tag = await createTag({ workspaceId, input: { name: "Bench bulk" } });
  const time = async (filter) => {
    await countContacts({ workspaceId, filter }); // warm-up
    const t = performance.now();
    const counts = await countContacts({ workspaceId, filter });
    return { ms: +(performance.now() - t).toFixed(1), ...counts };
  };
  return {
    seedSeconds,
    tagId: tag.id,
    countMs: { all: await time({}), search: await time({ search: "@bulk.example" }) },
  };
}

async function start(workspaceId) {
  const [, action, tagId] = process.argv.slice(3);
  const { startBulkAction } = await import("../../server/services/contacts/start-bulk-action.ts");
  const started = await startBulkAction({
    workspaceId,
    input: {
      action,
      ...(tagId ? { tagId } : {}),
      target: { kind: "filter", filter: { search: "@bulk.example" } },
    },
  });
  return { id: started.id, total: started.total };
}

if (role) await runRole(role);
else await main();
