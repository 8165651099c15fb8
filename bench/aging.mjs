// npm run bench:aging – the embedded database after weeks of use: keyed `GET /api/v1/tags?limit=20` throughput
// (autocannon, 32 connections) and latency at a fixed 200 requests/s, first on a fresh embedded database, then after
// it has taken 100,000 contacts (with their activity and tag churn), 200,000 events and their webhook retries (three
// failed attempts per task, each an UPDATE and a delivery record, before the task is finished), and after the
// worker's maintain-embedded-database job has vacuumed what that left (as in a real install; it runs every minute).
// Seeded in SQL with generate_series, not through the API. Target: aged within 20 % of fresh (throughput and p99).
// AGING_SCALE (default 1) scales the seed for a quick run. Prints one JSON line.
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ensureBuild, seedTagsWorkspace, startSendwell } from "./lib/server.mjs";
import { fixedRate } from "./lib/fixed-rate.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 10);
const SCALE = Number(process.env.AGING_SCALE || 1);
const CONTACTS = Math.round(100_000 * SCALE);
const EVENTS = Math.round(200_000 * SCALE);
const RETRIES = 3;

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result))),
  );

async function measure(server, key) {
  const tags = { url: `${server.base}/api/v1/tags?limit=20`, headers: { "X-API-Key": key } };
  await run({ ...tags, duration: 2, connections: 8 }); // warm up
  const fixed = await fixedRate({ ...tags, rate: 200, seconds: DURATION });
  const max = await run({ ...tags, connections: 32 });
  return {
    tagsRps: Math.round(max.requests.average),
    at200rps: { p50: fixed.p50, p99: fixed.p99 },
    errors: max.errors + max.non2xx + fixed.errors,
  };
}

async function seed(client, workspaceId) {
  const started = performance.now();
  const q = (text, values = []) => client.query(text, values);
  await q(
    `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", status, source, "createdAt", "updatedAt", "subscribedAt")
     SELECT gen_random_uuid(), $1, 'c' || g || '@example.com', 'c' || g || '@example.com', 'Contact ' || g,
            'subscribed', 'import', now() - make_interval(secs => g), now(), now()
       FROM generate_series(1, $2) g`,
    [workspaceId, CONTACTS],
  );
  await q(
    `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, data)
     SELECT gen_random_uuid(), "workspaceId", id, 'subscribed', '{"source":"import"}' FROM "Contact" WHERE "workspaceId" = $1`,
    [workspaceId],
  );
  // Tag churn: every contact tagged, then half of them untagged, then their names edited.
  const [tag] = (await q(`SELECT id FROM "Tag" WHERE "workspaceId" = $1 LIMIT 1`, [workspaceId])).rows;
  await q(`INSERT INTO "ContactTag" ("contactId", "tagId") SELECT id, $2 FROM "Contact" WHERE "workspaceId" = $1`, [
    workspaceId,
    tag.id,
  ]);
  await q(
    `DELETE FROM "ContactTag" WHERE "tagId" = $1 AND "contactId" IN (
             SELECT id FROM "Contact" WHERE "workspaceId" = $2 AND "firstName" LIKE '%5')`,
    [tag.id, workspaceId],
  );
  await q(
    `UPDATE "Contact" SET "lastName" = 'Edited', "updatedAt" = now() WHERE "workspaceId" = $1 AND "firstName" LIKE '%7'`,
    [workspaceId],
  );
  // A webhook Sendwell disabled for failing: the fan-out trigger gives it a (paused) task per event, which the
  // dispatcher leaves alone, so the retries below are the only writes to them.
  const [webhook] = (
    await q(
      `INSERT INTO "Webhook" (id, "workspaceId", url, events, "isActive", "secretCiphertext", "disabledAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'https://hooks.example.invalid/x', '{contact.created}', false, 'unused', now(), now())
       RETURNING id`,
      [workspaceId],
    )
  ).rows;
  for (let done = 0; done < EVENTS; done += 50_000) {
    await q(
      `INSERT INTO "Event" (id, "workspaceId", type, payload)
       SELECT gen_random_uuid(), $1, 'contact.created', jsonb_build_object('contactId', gen_random_uuid(), 'email', 'e' || g || '@example.com')
         FROM generate_series(1, $2) g`,
      [workspaceId, Math.min(50_000, EVENTS - done)],
    );
  }
  for (let attempt = 1; attempt <= RETRIES; attempt++) {
    await q(
      `UPDATE "WebhookTask" SET "attemptCount" = $2, "nextAttemptAt" = now() + interval '1 day' WHERE "webhookId" = $1`,
      [webhook.id, attempt],
    );
    await q(
      `INSERT INTO "WebhookDelivery" (id, "workspaceId", "webhookId", "taskId", "eventId", "eventType", trigger, status,
         "requestHeaders", "responseStatus", "responseHeaders", "responseBody", "responseTimeMs", "attemptCount", "attemptedAt")
       SELECT gen_random_uuid(), "workspaceId", "webhookId", id, "eventId", 'contact.created', 'event', 'failed',
              '{}', 503, '{}', 'Service Unavailable', 120, $2, now()
         FROM "WebhookTask" WHERE "webhookId" = $1`,
      [webhook.id, attempt],
    );
  }
  // Finished: a quarter given up on, the rest delivered on a later attempt; then the first attempts pruned.
  await q(
    `UPDATE "WebhookTask" SET status = CASE WHEN random() < 0.25 THEN 'failed' ELSE 'delivered' END::"WebhookTaskStatus"
            WHERE "webhookId" = $1`,
    [webhook.id],
  );
  await q(`DELETE FROM "WebhookDelivery" WHERE "webhookId" = $1 AND "attemptCount" = 1`, [webhook.id]);
  return Math.round((performance.now() - started) / 1000);
}

const deadTuples = async (client) =>
  Number((await client.query(`SELECT sum(n_dead_tup)::bigint AS n FROM pg_stat_user_tables`)).rows[0].n);

/**
 * Waits until the worker's maintenance job (every minute) has left nothing to do on the tables the seed churned:
 * analyzed, and dead rows under autovacuum's threshold (50 + 20 % of the rows). It may have run during the seed too.
 */
async function maintained(client) {
  const started = performance.now();
  for (;;) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.relname IN ('WebhookTask', 'WebhookDelivery', 'Event', 'Contact', 'ContactTag', 'ContactActivity')
          AND c.reltuples >= 0 AND s.last_vacuum IS NOT NULL AND s.n_dead_tup <= 50 + 0.2 * c.reltuples`,
    );
    if (rows[0].n === 6) return Math.round((performance.now() - started) / 1000);
    if (performance.now() - started > 10 * 60_000) throw new Error("the maintenance job did not run within 10 minutes");
    await new Promise((r) => setTimeout(r, 2000));
  }
}

ensureBuild();
const server = await startSendwell({ port: 3200, env: { API_RATE_LIMIT: "1000000000" } });
let client;
try {
  const { slug, key } = await seedTagsWorkspace(server);
  const fresh = await measure(server, key);

  const { url } = JSON.parse(readFileSync(path.join(server.dataDir, "embedded-db.json"), "utf8"));
  client = new pg.Client({ connectionString: url });
  await client.connect();
  const [{ id: workspaceId }] = (await client.query(`SELECT id FROM "Workspace" WHERE slug = $1`, [slug])).rows;
  const seedSeconds = await seed(client, workspaceId);
  await new Promise((r) => setTimeout(r, 1500)); // the statistics are published at most once a second
  await client.query("SELECT 1");
  const deadAfterSeed = await deadTuples(client);
  const waitedSeconds = await maintained(client);
  const aged = await measure(server, key);
  const deadAfterMaintenance = await deadTuples(client);

  const rpsRatio = +(aged.tagsRps / fresh.tagsRps).toFixed(3);
  const p99Ratio = +(aged.at200rps.p99 / fresh.at200rps.p99).toFixed(3);
  console.log(
    JSON.stringify({
      bench: "aging",
      database: "embedded (PGlite)",
      durationSeconds: DURATION,
      seeded: { contacts: CONTACTS, events: EVENTS, retriesPerTask: RETRIES, seconds: seedSeconds },
      maintenance: {
        waitedSeconds,
        deadTuplesAfterSeed: deadAfterSeed,
        deadTuplesAfterMaintenance: deadAfterMaintenance,
      },
      fresh,
      aged,
      rpsRatio,
      p99Ratio,
      targets: { within20pct: rpsRatio >= 0.8 && p99Ratio <= 1.2 },
    }),
  );
} finally {
  await client?.end();
  await server.stop();
}
