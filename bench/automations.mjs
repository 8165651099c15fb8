// npm run bench:automations – the automation engine end to end, on a fresh PostgreSQL database (BENCH_DATABASE_URL,
// TEST_DATABASE_URL or the local server) and on the embedded database, with the real worker process (worker/main.ts:
// intake, runner, sender) sending through the `resend` transport to the fake Resend API (its own process):
// (1) entry: 100,000 subscribed contacts get a tag through ONE bulk action (the dashboard's "Add tag" to all); an
//     active automation triggered by that tag sends its first email step. emails/s = contacts / (bulk action started →
//     the fake accepted the last message), exactly once per contact (distinct recipients, no duplicates);
// (2) a burst: 10,000 runs at an email step all due at the same moment T (written as runs due at T): seconds from T
//     until the fake accepted the last of them;
// (3) scale: 1,000,000 runs waiting (10 automations × 100,000 contacts, at a 30-day delay) plus 10,000 due: the claim
//     statement (server/automations/claim-runs.ts, 100 runs a claim) timed 100 times with runs due and 100 times with
//     none due (the idle poll), p50/p99; and the worker's RSS over 60 s while it works through due runs trickling in
//     (1,000 every 5 s) among the million: start vs end.
// Prints one JSON line. Targets: ≥ 3,000 emails/s in (1), all of (2) within 10 s of T, claims p99 < 20 ms and a flat
// worker RSS (end ≤ start × 1.1 + 10 MB) in (3). BENCH_CONTACTS (100,000), BENCH_WAITING_AUTOMATIONS (10),
// BENCH_DATABASES (`server,embedded`) change the sizes and which databases run.
// Internally the same file runs as a tsx child (--role=…) for the TypeScript services.
import path from "node:path";
import pg from "pg";
import { root, cliFor, tsxRole, startWorker, procStatus, mb, round, pct, sleep } from "./lib/proc.mjs";
import { startFakeResendProcess } from "./lib/fake-resend-process.mjs";

const CONTACTS = Number(process.env.BENCH_CONTACTS || 100_000);
const WAITING_AUTOMATIONS = Number(process.env.BENCH_WAITING_AUTOMATIONS || 10);
const BURST = Math.min(10_000, CONTACTS);
const DATABASES = (process.env.BENCH_DATABASES || "server,embedded").split(",").map((s) => s.trim());
const API_KEY = "re_bench";
const SELF = path.join(root, "bench/automations.mjs");
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

async function main() {
  const result = { bench: "automations", contacts: CONTACTS };
  if (DATABASES.includes("server")) {
    const { freshServerDatabase } = await import("./lib/server.mjs");
    const server = await freshServerDatabase();
    if (server.unavailable) result.postgres = { skipped: server.unavailable };
    else {
      try {
        result.postgres = { database: `PostgreSQL ${server.version}`, ...(await failSoft(run(server.url))) };
      } finally {
        await server.drop();
      }
    }
  }
  if (DATABASES.includes("embedded")) {
    const { withEmbeddedDb } = await import("./lib/embedded-db.mjs");
    result.embedded = await withEmbeddedDb((url) => failSoft(run(url)));
  }
  const targets = (r) =>
    r && !r.error && !r.skipped
      ? {
          atLeast3000EmailsPerSecond: r.entry.emailsPerSecond >= 3000,
          exactlyOnce: r.entry.delivered.accepted === CONTACTS && r.entry.delivered.duplicates === 0,
          burstWithin10s: r.burst.secondsAfterDue <= 10,
          claimP99Under20ms: r.scale.claimMs.due.p99 < 20 && r.scale.claimMs.idle.p99 < 20,
          workerRssFlat: r.scale.workerRssMb.end <= r.scale.workerRssMb.start * 1.1 + 10,
        }
      : null;
  result.targets = { postgres: targets(result.postgres), embedded: targets(result.embedded) };
  console.log(JSON.stringify(result));
}

async function failSoft(promise) {
  try {
    return await promise;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function run(databaseUrl) {
  const base = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: "bench-secret-bench-secret",
    APP_URL: "https://mail.bench.example",
  };
  const slug = cliFor(base)("workspace", "create", "--name", "Automation bench"); // migrates the fresh database too
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const fake = await startFakeResendProcess({ apiKey: API_KEY });
  let worker = null;
  try {
    const seedStarted = performance.now();
    const {
      rows: [ws],
    } = await client.query(
      `UPDATE "Workspace" SET "postalAddress" = '1 Bench Street, 1000 Lisbon, Portugal',
              "defaultFromName" = 'Bench Co', "defaultFromEmail" = 'news@bench.example'
        WHERE slug = $1 RETURNING id`,
      [slug],
    );
    await client.query(
      `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", "lastName", status, source, fields,
                              "updatedAt", "subscribedAt")
       SELECT gen_random_uuid(), $1, 'person' || g || '@bench.example', 'person' || g || '@bench.example',
              'First' || g, 'Last ' || (g % 977), 'subscribed', 'import', '{}'::jsonb, now(), now()
         FROM generate_series(1, $2::int) AS g`,
      [ws.id, CONTACTS],
    );
    await client.query(`ANALYZE "Contact"`);
    const setup = tsxRole(SELF, "setup", base, [ws.id]);
    const seedSeconds = round((performance.now() - seedStarted) / 1000);

    const workerEnv = { ...base, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: API_KEY, RESEND_BASE_URL: fake.url };
    worker = await startWorker(workerEnv);
    const alive = () => {
      if (!worker.alive()) throw new Error(`the worker died: ${worker.log.join(" | ")}`);
    };

    // (1) Entry through one bulk tag action, to the first email step's last message.
    const { startedAt } = tsxRole(SELF, "tag", workerEnv, [ws.id, setup.tagId]);
    let enteredAt = null;
    let accepted = 0;
    const deadline = Date.now() + 30 * 60_000;
    while (accepted < CONTACTS) {
      await sleep(100);
      alive();
      accepted = (await fake.stats()).emails;
      if (!enteredAt) {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM "AutomationRun" WHERE "automationId" = $1`,
          [setup.entryId],
        );
        if (rows[0].n >= CONTACTS) enteredAt = Date.now();
      }
      if (Date.now() > deadline) throw new Error(`only ${accepted} of ${CONTACTS} accepted after 30 minutes`);
    }
    const entrySeconds = (Date.now() - startedAt) / 1000;
    const delivered = await fake.check(CONTACTS);
    const { rows: batchRows } = await client.query(
      `SELECT count(*)::int AS batches FROM "BroadcastBatch" bb JOIN "Broadcast" b ON b.id = bb."broadcastId"
        WHERE b."automationId" = $1`,
      [setup.entryId],
    );
    const entry = {
      seconds: round(entrySeconds),
      allEnteredSeconds: enteredAt ? round((enteredAt - startedAt) / 1000) : null,
      emailsPerSecond: Math.round(CONTACTS / entrySeconds),
      batches: batchRows[0].batches,
      delivered,
      seedSeconds,
    };
    await fake.reset();

    // (2) A burst: BURST runs at an email step, all due at T.
    const dueAt = new Date(Date.now() + 3_000);
    await client.query(
      `INSERT INTO "AutomationRun" ("workspaceId", "automationId", "contactId", version, "entryKey", "stepId", "dueAt",
                                    "enteredAt", "stepEnteredAt")
       SELECT $1, $2, c.id, 1, 'bench', 'burst-email', $3, now(), now()
         FROM "Contact" c WHERE c."workspaceId" = $1 ORDER BY c.id LIMIT $4`,
      [ws.id, setup.burstId, dueAt, BURST],
    );
    let burstAccepted = 0;
    while (burstAccepted < BURST) {
      await sleep(50);
      alive();
      burstAccepted = (await fake.stats()).emails;
      if (Date.now() > dueAt.getTime() + 5 * 60_000) throw new Error(`burst: ${burstAccepted} of ${BURST} in 5 min`);
    }
    const burst = {
      runs: BURST,
      secondsAfterDue: round((Date.now() - dueAt.getTime()) / 1000),
      delivered: await fake.check(BURST),
    };
    await fake.reset();

    // (3) A million runs waiting.
    await worker.stop();
    worker = null;
    const fillStarted = performance.now();
    for (const automationId of setup.waitingIds) {
      await client.query(
        `INSERT INTO "AutomationRun" ("workspaceId", "automationId", "contactId", version, "entryKey", "stepId",
                                      "dueAt", "enteredAt", "stepEnteredAt")
         SELECT $1, $2, c.id, 1, 'bench', 'wait-month', now() + interval '30 days', now(), now()
           FROM "Contact" c WHERE c."workspaceId" = $1`,
        [ws.id, automationId],
      );
    }
    await client.query(`ANALYZE "AutomationRun"`);
    const fillSeconds = round((performance.now() - fillStarted) / 1000);
    const {
      rows: [{ waiting }],
    } = await client.query(
      `SELECT count(*)::int AS waiting FROM "AutomationRun" WHERE status = 'active' AND "dueAt" > now()`,
    );
    // 10,000 of them due now (their delay "ended"): 100 claims of 100 take them all.
    const dueOne = async (n) =>
      client.query(
        `UPDATE "AutomationRun" SET "dueAt" = now() - interval '1 second'
          WHERE id IN (SELECT id FROM "AutomationRun" WHERE status = 'active' AND "dueAt" > now() + interval '1 day'
                        ORDER BY id LIMIT $1)`,
        [n],
      );
    await dueOne(10_000);
    const claims = tsxRole(SELF, "claims", base, []);

    // The worker among the million: due runs trickle in; its RSS at the start and the end of 60 s.
    worker = await startWorker(workerEnv);
    await sleep(5_000);
    const rssStart = procStatus(worker.pid).VmRSS;
    let rssMax = rssStart;
    for (let s = 0; s < 60; s++) {
      if (s % 5 === 0) await dueOne(1_000);
      await sleep(1_000);
      alive();
      rssMax = Math.max(rssMax, procStatus(worker.pid).VmRSS);
    }
    const rssEnd = procStatus(worker.pid).VmRSS;
    const {
      rows: [{ finished }],
    } = await client.query(
      `SELECT count(*)::int AS finished FROM "AutomationRun" WHERE "automationId" = ANY($1::uuid[]) AND status <> 'active'`,
      [setup.waitingIds],
    );
    const scale = {
      runsWaiting: waiting,
      fillSeconds,
      claimMs: claims,
      runsFinishedByWorkerIn60s: finished,
      workerRssMb: { start: mb(rssStart), max: mb(rssMax), end: mb(rssEnd) },
    };
    return { entry, burst, scale };
  } finally {
    if (worker) await worker.stop();
    await client.end();
    await fake.stop();
  }
}

// ---------------------------------------------------------------- tsx roles

/** The automations, through the services: the tag-triggered one, the burst's and the waiting ones; all active. */
async function setup(workspaceId) {
  const { createAutomation } = await import("../server/services/automations/create-automation.ts");
  const { activateAutomation } = await import("../server/services/automations/activate-automation.ts");
  const { AUTOMATION_TEMPLATES } = await import("../lib/automation-templates.ts");
  const { db } = await import("../server/db/client.ts");
  const tag = await db().tag.create({
    data: { workspaceId, name: "Bench entry", nameKey: "bench entry", color: "#2563eb" },
  });
  const welcome = AUTOMATION_TEMPLATES.find((t) => t.id === "welcome_series").steps.find((s) => s.type === "email");
  const make = async (name, trigger, steps) => {
    const a = await createAutomation(workspaceId, { name, trigger, startStepId: steps[0].id, steps });
    await activateAutomation(workspaceId, a.id);
    return a.id;
  };
  const entryId = await make("Tag welcome", { type: "tag_added", tagId: tag.id }, [
    { ...welcome, id: "entry-email", next: "entry-exit" },
    { id: "entry-exit", type: "exit" },
  ]);
  const burstId = await make("Burst", { type: "api" }, [
    { ...welcome, id: "burst-email", next: "burst-exit" },
    { id: "burst-exit", type: "exit" },
  ]);
  const waitingIds = [];
  for (let i = 0; i < WAITING_AUTOMATIONS; i++) {
    waitingIds.push(
      await make(`Waiting ${i + 1}`, { type: "api" }, [
        { id: "wait-month", type: "delay", delay: { mode: "duration", amount: 30, unit: "days" }, next: "done" },
        { id: "done", type: "exit" },
      ]),
    );
  }
  return { tagId: tag.id, entryId, burstId, waitingIds };
}

/** "Add tag" to every contact: the dashboard's bulk action (its job runs in the worker). */
async function tag(workspaceId, tagId) {
  const { startBulkAction } = await import("../server/services/contacts/start-bulk-action.ts");
  const startedAt = Date.now();
  await startBulkAction({ workspaceId, input: { action: "tag", tagId, target: { kind: "filter", filter: {} } } });
  return { startedAt };
}

/** The claim statement timed: 100 claims with runs due (100 each), then 100 with none due. */
async function claims() {
  const { claimRuns } = await import("../server/automations/claim-runs.ts");
  const time = async () => {
    const t = performance.now();
    const { runs } = await claimRuns({ now: new Date(), leaseMs: 3_600_000, limit: 100 });
    return { ms: performance.now() - t, n: runs.length };
  };
  await time(); // connection and plan warm-up
  const due = [];
  for (let i = 0; i < 99; i++) due.push(await time());
  const idle = [];
  for (let i = 0; i < 100; i++) idle.push(await time());
  const figures = (xs) => {
    const ms = xs.map((x) => x.ms).sort((a, b) => a - b);
    return { p50: round(pct(ms, 0.5)), p99: round(pct(ms, 0.99)), runs: xs.reduce((s, x) => s + x.n, 0) };
  };
  return { due: figures(due), idle: figures(idle) };
}

async function runRole(name) {
  const { disconnectDb } = await import("../server/db/client.ts");
  const args = process.argv.slice(3).filter((a) => !a.startsWith("--"));
  try {
    const out = name === "setup" ? await setup(args[0]) : name === "tag" ? await tag(args[0], args[1]) : await claims();
    console.log(JSON.stringify(out));
  } finally {
    const { stopJobSender } = await import("../server/jobs/enqueue.ts");
    await stopJobSender();
    await disconnectDb();
  }
}

if (role) await runRole(role);
else await main();
