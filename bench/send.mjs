// npm run bench:send – one broadcast to 100,000 subscribed contacts on a fresh PostgreSQL database (BENCH_DATABASE_URL,
// TEST_DATABASE_URL or the local server), sent by the real worker process (worker/main.ts) through the `resend`
// transport to the fake Resend API (scripts/fake-resend.mjs, its own process):
// (1) emails/s from the send (the service call that moves the broadcast to `sending`) to status `sent`, fan-out
//     included; the fake must have accepted exactly one message per contact, no address twice;
// (2) the worker's peak RSS (VmHWM) at 10,000 recipients (a separate run: fresh database, worker and fake) and at
//     100,000;
// (3) the floor, in the 100,000 run: the same recipient rows written by one INSERT … SELECT from Contact, plus the
//     same 1,000 batch requests of pre-rendered messages (the real message's size) to the same fake with the
//     worker's concurrency; ratio = engine time / floor time.
// (4) the 100,000 run once more by a worker with a 128 MB heap cap: it completes only if the worker's live memory
//     does not grow with the audience.
// Also: the database backends' CPU and which statements waited on locks (sampled every 50 ms).
// Prints one JSON line. Targets: ≥ 2,500 emails/s, ratio ≤ 2.5, peak RSS at 100,000 no higher than at 10,000 (+5 %
// noise margin; see (4)). BENCH_CONTACTS / BENCH_SMALL_CONTACTS change the sizes, BENCH_WORKERS the worker count
// (default 1); SEND_CONCURRENCY, SEND_POLL_INTERVAL, SEND_FANOUT_CHUNK and DATABASE_POOL_SIZE pass through to the
// worker.
// BENCH_CPU_PROF=<dir> runs the worker under --cpu-prof (profiles written there when it stops).
// Internally the same file runs as a tsx child (--role=…) for the TypeScript services.
import path from "node:path";
import pg from "pg";
import { root, cliFor, tsxRole, startWorker, procStatus, cpuSeconds, mb, round, sleep } from "./lib/proc.mjs";
import { startFakeResendProcess } from "./lib/fake-resend-process.mjs";

const CONTACTS = Number(process.env.BENCH_CONTACTS || 100_000);
const SMALL = Number(process.env.BENCH_SMALL_CONTACTS || 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS || 1);
const HEAP_CAP_MB = 128;
const API_KEY = "re_bench";
const APP_URL = "https://mail.bench.example";
const SELF = path.join(root, "bench/send.mjs");
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);

async function main() {
  const { freshServerDatabase } = await import("./lib/server.mjs");
  const result = { bench: "send" };
  // V8 collects lazily, so an uncapped worker's peak RSS wanders by ±10 % between runs of any size. The proof that
  // its live memory does not grow with the audience: the 100,000 run again by a worker whose heap is capped at
  // HEAP_CAP_MB, which would run out of memory if it held anything per recipient (BENCH_SKIP_CAPPED=1 skips it).
  const runs = [
    ["small", SMALL, false],
    ["large", CONTACTS, true],
  ];
  if (process.env.BENCH_SKIP_CAPPED !== "1") runs.push(["largeCappedHeap", CONTACTS, false, HEAP_CAP_MB]);
  for (const [label, contacts, floor, heapCapMb] of runs) {
    const server = await freshServerDatabase();
    if (server.unavailable) {
      console.log(JSON.stringify({ bench: "send", skipped: server.unavailable }));
      return;
    }
    result.database = `PostgreSQL ${server.version}`;
    try {
      result[label] = await failSoft(run(server.url, contacts, floor, heapCapMb));
    } finally {
      await server.drop();
    }
  }
  const { small, large, largeCappedHeap: capped } = result;
  if (capped) {
    result.largeCappedHeap = capped.error
      ? { maxOldSpaceMb: HEAP_CAP_MB, completed: false, error: capped.error }
      : {
          maxOldSpaceMb: HEAP_CAP_MB,
          completed: capped.sentCount === CONTACTS && capped.delivered.duplicates === 0,
          emailsPerSecond: capped.emailsPerSecond,
          workerPeakRssMb: capped.workerPeakRssMb,
        };
  }
  result.targets = large?.emailsPerSecond
    ? {
        atLeast2500EmailsPerSecond: large.emailsPerSecond >= 2500,
        within2point5xOfFloor: large.floor ? large.floor.ratio <= 2.5 : null,
        peakRssNoHigherAt100kThan10k: small?.workerPeakRssMb
          ? large.workerPeakRssMb <= small.workerPeakRssMb * 1.05
          : null,
        memoryFlatUnderCappedHeap: result.largeCappedHeap?.completed ?? null,
        exactlyOncePerContact: large.delivered.accepted === large.contacts && large.delivered.duplicates === 0,
      }
    : null;
  console.log(JSON.stringify(result));
}
async function failSoft(promise) {
  try {
    return await promise;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function run(databaseUrl, count, withFloor, heapCapMb) {
  const base = { ...process.env, DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: "bench-secret-bench-secret" };
  base.APP_URL = APP_URL;
  const slug = cliFor(base)("workspace", "create", "--name", "Send bench"); // migrates the fresh database too
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const fake = await startFakeResendProcess({ apiKey: API_KEY });
  const workers = [];
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
              'First' || g, 'Last ' || (g % 977), 'subscribed', 'import',
              jsonb_build_object('company', 'Company ' || (g % 500)), now(), now()
         FROM generate_series(1, $2::int) AS g`,
      [ws.id, count],
    );
    await client.query(`ANALYZE "Contact"`);
    const seeded = tsxRole(SELF, "seed", base, [ws.id]);
    const seedSeconds = round((performance.now() - seedStarted) / 1000);

    const workerEnv = {
      ...base,
      EMAIL_TRANSPORT: "resend",
      RESEND_API_KEY: API_KEY,
      RESEND_BASE_URL: fake.url,
    };
    const profDir = process.env.BENCH_CPU_PROF;
    const nodeArgs = profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [];
    if (heapCapMb) nodeArgs.push(`--max-old-space-size=${heapCapMb}`);
    for (let i = 0; i < WORKERS; i++) workers.push(await startWorker(workerEnv, nodeArgs));
    const rssBefore = procStatus(workers[0].pid).VmRSS;
    const cpuBefore = workers.map((w) => cpuSeconds(w.pid));
    const fakeCpuBefore = (await fake.stats()).cpuMs;

    const pgSampler = backendSampler(client, databaseUrl);
    await pgSampler.sample();
    const { startedAt } = tsxRole(SELF, "send", workerEnv, [ws.id, seeded.broadcastId]);
    let row;
    let maxRss = rssBefore;
    const deadline = Date.now() + 30 * 60_000;
    for (;;) {
      await sleep(50);
      for (const w of workers) if (!w.alive()) throw new Error(`a worker died: ${w.log.join(" | ")}`);
      maxRss = Math.max(maxRss, procStatus(workers[0].pid).VmRSS);
      await pgSampler.sample();
      ({
        rows: [row],
      } = await client.query(
        `SELECT status::text, "sentCount", "failedCount", "recipientCount",
                extract(epoch from "sentAt") * 1000 AS "sentAtMs",
                extract(epoch from "fanoutDoneAt") * 1000 AS "fanoutDoneMs"
           FROM "Broadcast" WHERE id = $1`,
        [seeded.broadcastId],
      ));
      if (row.status === "sent") break;
      if (Date.now() > deadline) throw new Error(`not sent after 30 minutes: ${JSON.stringify(row)}`);
    }
    const seconds = (Number(row.sentAtMs) - startedAt) / 1000;
    const peaks = workers.map((w) => mb(procStatus(w.pid).VmHWM));
    const workerCpu = workers.reduce((s, w, i) => s + cpuSeconds(w.pid) - cpuBefore[i], 0);
    const fakeStats = await fake.stats();
    const delivered = await fake.check(count);
    const { rows: failedBatches } = await client.query(
      `SELECT count(*)::int AS n, sum(attempts - 1)::int AS retries FROM "BroadcastBatch" WHERE "broadcastId" = $1
          AND (status <> 'sent' OR attempts > 1)`,
      [seeded.broadcastId],
    );
    // The send rate once the fan-out had finished (batches settled after it), apart from the overall one.
    const {
      rows: [after],
    } = await client.query(
      `SELECT count(*)::int AS batches, coalesce(sum(size), 0)::int AS emails,
              extract(epoch from max("sentAt") - $2::timestamptz) AS seconds
         FROM "BroadcastBatch" WHERE "broadcastId" = $1 AND "sentAt" > $2::timestamptz`,
      [seeded.broadcastId, new Date(Number(row.fanoutDoneMs))],
    );
    const out = {
      contacts: count,
      workers: WORKERS,
      concurrencyPerWorker: Number(process.env.SEND_CONCURRENCY || 8),
      seedSeconds,
      messageBytes: seeded.messageBytes,
      seconds: round(seconds),
      fanOutSeconds: round((Number(row.fanoutDoneMs) - startedAt) / 1000),
      emailsPerSecond: Math.round(count / seconds),
      sentCount: row.sentCount,
      failedCount: row.failedCount,
      batchesRetriedOrUnsent: failedBatches[0].n,
      delivered,
      workerPeakRssMb: Math.max(...peaks),
      workerRssMb: { beforeSend: mb(rssBefore), maxDuringSend: mb(maxRss) },
      afterFanOut: {
        emails: after.emails,
        emailsPerSecond: after.seconds > 0 ? Math.round(after.emails / Number(after.seconds)) : null,
      },
      cpuSeconds: {
        workers: round(workerCpu),
        fakeResend: round((fakeStats.cpuMs - fakeCpuBefore) / 1000),
        postgresBackends: round(pgSampler.cpuSeconds()),
      },
      // Of the bench database's backends, on average: running a statement, and waiting for a lock (the broadcast's
      // row, which every batch's recording takes) — sampled every 50 ms.
      postgresBackendsAvg: pgSampler.averages(),
    };
    for (const w of workers) await w.stop();
    workers.length = 0;
    if (withFloor) out.floor = await measureFloor({ client, fake, seeded, workspaceId: ws.id, count, engine: seconds });
    return out;
  } finally {
    for (const w of workers) await w.stop();
    await client.end();
    await fake.stop();
  }
}

/**
 * CPU of the PostgreSQL backends serving the bench database (each sampled from /proc while it lives: pooled
 * connections come and go), and how many are active / waiting on a lock at each sample.
 */
function backendSampler(client, databaseUrl) {
  const database = new URL(databaseUrl).pathname.slice(1);
  const cpu = new Map();
  let samples = 0;
  let active = 0;
  let lockWaits = 0;
  const waitsBy = new Map();
  return {
    async sample() {
      const { rows } = await client.query(
        `SELECT pid, state, wait_event_type, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      );
      samples++;
      for (const r of rows) {
        if (r.state === "active") active++;
        if (r.wait_event_type === "Lock") {
          lockWaits++;
          waitsBy.set(r.query, (waitsBy.get(r.query) ?? 0) + 1);
        }
        try {
          const now = cpuSeconds(r.pid);
          const seen = cpu.get(r.pid);
          cpu.set(r.pid, { first: seen?.first ?? now, last: now });
        } catch {
          // gone meanwhile
        }
      }
    },
    cpuSeconds: () => [...cpu.values()].reduce((s, x) => s + x.last - x.first, 0),
    averages: () => ({
      active: round(active / samples),
      waitingOnLock: round(lockWaits / samples),
      // The statements that waited, by their start, most first: where the engine serialises.
      waitingStatements: Object.fromEntries(
        [...waitsBy]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([q, n]) => [q, round(n / samples)]),
      ),
    }),
  };
}

/**
 * The least any engine must do: write the recipient rows (one INSERT … SELECT, no batches, no cursor) and make the
 * same batch requests, with bodies already rendered, at the same concurrency as the worker(s).
 */
async function measureFloor({ client, fake, seeded, workspaceId, count, engine }) {
  await fake.reset();
  const {
    rows: [copy],
  } = await client.query(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, "updatedAt")
     VALUES (gen_random_uuid(), $1, 'Floor', 'draft', now()) RETURNING id`,
    [workspaceId],
  );
  const t0 = performance.now();
  await client.query(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo")
     SELECT $1, c."workspaceId", c.id, c.email, ((row_number() OVER (ORDER BY c.id) - 1) / 100)::int
       FROM "Contact" c WHERE c."workspaceId" = $2 AND c.status = 'subscribed'`,
    [copy.id, workspaceId],
  );
  const insertSeconds = (performance.now() - t0) / 1000;
  // Pre-rendered: each message's JSON is built once; a request only joins 100 of them (the recipients differ).
  const sample = seeded.sample;
  const rest = JSON.stringify({ ...sample, to: undefined }).slice(1); // `"from":…}` without the leading brace
  const batches = Math.ceil(count / 100);
  const bodies = [];
  for (let b = 0; b < batches; b++) {
    const parts = [];
    for (let i = b * 100; i < Math.min(count, (b + 1) * 100); i++)
      parts.push(`{"to":"person${i + 1}@bench.example",${rest}`);
    bodies.push(`[${parts.join(",")}]`);
  }
  const concurrency = WORKERS * Number(process.env.SEND_CONCURRENCY || 8);
  let next = 0;
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const b = next++;
        const res = await fetch(`${fake.url}/emails/batch`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${API_KEY}`,
            "content-type": "application/json",
            "idempotency-key": `floor:${b}`,
          },
          body: bodies[b],
        });
        if (res.status !== 200) throw new Error(`floor batch ${b}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  const requestSeconds = (performance.now() - t1) / 1000;
  const accepted = await fake.check(count);
  const seconds = insertSeconds + requestSeconds;
  return {
    insertSeconds: round(insertSeconds),
    requestSeconds: round(requestSeconds),
    requests: batches,
    concurrency,
    bytesPerRequest: Math.round(bodies.reduce((s, x) => s + Buffer.byteLength(x), 0) / batches),
    accepted: accepted.accepted,
    seconds: round(seconds),
    emailsPerSecond: Math.round(count / seconds),
    ratio: round(engine / seconds),
  };
}

// ---------------------------------------------------------------- tsx roles

/** The broadcast through the service layer, and one real personalised message (the floor's pre-rendered body). */
async function seed(workspaceId) {
  const { createBroadcast } = await import("../server/services/broadcasts/create-broadcast.ts");
  const { compileEmail } = await import("../emails/compile.ts");
  const { personalize } = await import("../emails/personalize.ts");
  const { broadcastContent } = await import("../server/broadcasts/content.ts");
  const { formatFrom } = await import("../lib/email-address.ts");
  const { recipientToken, trackingUrls } = await import("../server/broadcasts/recipient-tokens.ts");
  const { db } = await import("../server/db/client.ts");
  const broadcast = await createBroadcast({
    workspaceId,
    input: {
      name: "Spring newsletter",
      subject: "{{firstName|Friend}}, our spring collection is here",
      previewText: "Twelve new pieces, and 20 % off for subscribers this week",
      audienceType: "all",
      blocks: [
        { type: "heading", text: "Spring is here, {{firstName|friend}}", level: 1 },
        {
          type: "text",
          text:
            "Hi {{firstName|there}},\n\nour **spring collection** has landed: twelve new pieces made from recycled " +
            "linen and organic cotton. Read [the story behind it](https://bench.example/blog/spring-story) or " +
            "browse the [full lookbook](https://bench.example/lookbook/spring). As a subscriber at " +
            "{{company|your company}} you get *20 % off* until Sunday.",
        },
        {
          type: "image",
          src: "https://bench.example/images/spring-hero.jpg",
          alt: "The spring collection",
          href: "https://bench.example/shop/spring",
          width: 600,
        },
        {
          type: "text",
          text:
            "Questions about sizes or shipping? Our [help centre](https://bench.example/help) answers most of " +
            "them, and you can reply to this email, {{firstName|}} {{lastName|}}: a person reads every reply.",
        },
        { type: "button", text: "Shop the collection", href: "https://bench.example/shop/spring?utm=email" },
      ],
    },
  });
  const b = await db().broadcast.findUniqueOrThrow({
    where: { id: broadcast.id },
    select: {
      subject: true,
      previewText: true,
      blocks: true,
      theme: true,
      footerStyles: true,
      variants: true,
      fromName: true,
      fromEmail: true,
      workspace: { select: { name: true, postalAddress: true } },
    },
  });
  const compiled = await compileEmail(broadcastContent(b));
  // A recipient id of the size the run's last rows get, and link ids of the real ones' size.
  const urls = trackingUrls(recipientToken(100_000n));
  const message = personalize(compiled, {
    values: { email: "person99999@bench.example", firstName: "First99999", lastName: "Last 345", fields: {} },
    linkHref: (position) => urls.click(BigInt(position + 1)),
    openPixelUrl: urls.open,
    unsubscribeUrl: urls.unsubscribePage,
  });
  // The shape the resend transport sends (server/email/resend-transport.ts toResend), so sizes match.
  const sample = {
    from: formatFrom(b.fromName, b.fromEmail ?? ""),
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: {
      "List-Unsubscribe": `<${urls.oneClickUnsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    tags: [
      { name: "sendwell_kind", value: "broadcast" },
      { name: "sendwell_broadcast", value: broadcast.id },
      { name: "sendwell_recipient", value: "100000" },
    ],
  };
  return {
    broadcastId: broadcast.id,
    messageBytes: Buffer.byteLength(JSON.stringify({ to: "person99999@bench.example", ...sample })),
    sample,
  };
}

/** The real send: the service the API's POST /broadcasts/{id}/send calls. Prints when it was called. */
async function send(workspaceId, broadcastId) {
  const { sendBroadcast } = await import("../server/services/broadcasts/send-broadcast.ts");
  const startedAt = Date.now();
  const accepted = await sendBroadcast({ workspaceId, broadcastId });
  return { startedAt, recipientCount: accepted.recipientCount };
}

async function runRole(name) {
  const { disconnectDb } = await import("../server/db/client.ts");
  const args = process.argv.slice(3).filter((a) => !a.startsWith("--"));
  try {
    const out = name === "seed" ? await seed(args[0]) : await send(args[0], args[1]);
    console.log(JSON.stringify(out));
  } finally {
    const { stopJobSender } = await import("../server/jobs/enqueue.ts");
    await stopJobSender();
    await disconnectDb();
  }
}

if (role) await runRole(role);
else await main();
