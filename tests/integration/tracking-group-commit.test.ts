// Group-committed tracking hits (server/services/tracking/record-hit.ts on server/db/group-commit.ts): the hits of
// a burst go to the database in fewer statements than hits, each caller is answered only once the statement holding
// its hit committed, a failed statement fails every hit in it and records none, and invalid hits in a batch spoil
// nothing. Clicks: the per-process link cache never lets a link of another broadcast through, merge-tag links still
// resolve per recipient.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { pool, sql } from "@/server/db/pool";
import { recipientToken } from "@/server/broadcasts/recipient-tokens";
import {
  recordClick,
  recordOpen,
  trackingStatementsForTests,
  trackingWriteStats,
} from "@/server/services/tracking/record-hit";
import { clickDestination } from "@/server/services/tracking/click-destination";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";

const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

const count = async (broadcastId: string, type: "open" | "click") =>
  Number(
    (
      await sql<{ n: string }>(`SELECT count(*)::text AS n FROM "EmailEvent" WHERE "broadcastId" = $1 AND type = $2`, [
        broadcastId,
        type,
      ])
    )[0]!.n,
  );

/** Whether a promise has settled yet, without waiting for it. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

const statementsOf = (kind: "opens" | "clicks") => trackingWriteStats[kind].statements;

describe("group-committed opens", () => {
  let b: SentBroadcast;
  beforeAll(async () => {
    b = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 40 });
  });

  it("records every one of a burst of concurrent opens, in fewer statements than opens", async () => {
    const before = statementsOf("opens");
    // 120 hits of 40 recipients: the same person's repeated opens are each recorded.
    await Promise.all(Array.from({ length: 120 }, (_, i) => recordOpen(b.recipients[i % 40]!.token, UA)));
    expect(await count(b.id, "open")).toBe(120);
    const statements = statementsOf("opens") - before;
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThan(120);
  });

  it("lets invalid tokens in a batch spoil nothing: the valid hits of the same statement are recorded", async () => {
    const c = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 3 });
    const before = statementsOf("opens");
    await Promise.all([
      recordOpen(c.recipients[0]!.token, UA),
      recordOpen("garbage", UA),
      recordOpen(recipientToken(9_000_000_000n), UA), // genuine signature, no such recipient
      recordOpen(recipientToken(2n ** 63n), UA), // genuine signature, an id past int8
      recordOpen(c.recipients[1]!.token, UA),
      recordOpen(c.recipients[2]!.token, null),
    ]);
    expect(statementsOf("opens") - before).toBe(1);
    expect(await count(c.id, "open")).toBe(3);
  });

  it("answers a caller only once the statement holding its hit has committed", async () => {
    const c = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 5 });
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      // Another session holds a lock the INSERT needs (on the embedded database it holds the one session itself).
      await holder.query(`BEGIN`);
      await holder.query(`LOCK TABLE "EmailEvent" IN EXCLUSIVE MODE`);
      const before = statementsOf("opens");
      const hits = c.recipients.map((r) => watch(recordOpen(r.token, UA)));
      await expect.poll(() => statementsOf("opens") - before).toBeGreaterThanOrEqual(1);
      await waitUntilBlocked();
      expect(hits.map((h) => h.settled)).toEqual([false, false, false, false, false]);
      const [{ n }] = (
        await holder.query(`SELECT count(*)::int AS n FROM "EmailEvent" WHERE "broadcastId" = $1`, [c.id])
      ).rows as [{ n: number }];
      expect(n).toBe(0);
      await holder.query(`COMMIT`);
      await Promise.all(hits.map((h) => h.promise));
      expect(await count(c.id, "open")).toBe(5);
    } finally {
      await holder.query(`ROLLBACK`).catch(() => {});
      await holder.end();
    }
  });

  it("rejects every hit of a failed statement and records none of them", async () => {
    const c = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 4 });
    const poison = c.recipients[3]!;
    const name = `fail_${c.id.slice(0, 8)}`;
    // A real failure inside the statement: a trigger that refuses one of the batch's rows.
    await sql(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
      [],
    );
    await sql(
      `CREATE TRIGGER ${name} AFTER INSERT ON "EmailEvent" FOR EACH ROW
       WHEN (NEW."recipientId" = ${poison.id.toString()}) EXECUTE FUNCTION ${name}()`,
      [],
    );
    try {
      const before = statementsOf("opens");
      const results = await Promise.allSettled(c.recipients.map((r) => recordOpen(r.token, UA)));
      expect(statementsOf("opens") - before).toBe(1);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
      expect(await count(c.id, "open")).toBe(0);
    } finally {
      await sql(`DROP TRIGGER ${name} ON "EmailEvent"`, []);
      await sql(`DROP FUNCTION ${name}()`, []);
    }
    // Nothing was retried behind the callers' backs, and the next hits go through.
    await Promise.all(c.recipients.slice(0, 3).map((r) => recordOpen(r.token, UA)));
    expect(await count(c.id, "open")).toBe(3);
  });

  it("commits without waiting for the WAL flush only for its own statement: the connections keep the default", async () => {
    const c = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 2 });
    await Promise.all(c.recipients.map((r) => recordOpen(r.token, UA)));
    // Every connection of the pool at once, so the one that ran the statement is among them.
    const size = Number(process.env.DATABASE_POOL_SIZE);
    const clients = await Promise.all(Array.from({ length: size }, () => pool().connect()));
    try {
      for (const client of clients) {
        expect((await client.query(`SHOW synchronous_commit`)).rows).toEqual([{ synchronous_commit: "on" }]);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });
});

describe("TRACKING_DURABLE_COMMIT=true", () => {
  it("records hits with the flush waited for: the statements are built without the setting change", async () => {
    const c = await makeSentBroadcast({
      workspaceId: (await makeWorkspace()).id,
      count: 3,
      links: ["https://example.com/d"],
    });
    process.env.TRACKING_DURABLE_COMMIT = "true";
    try {
      vi.resetModules();
      const durable = await import("@/server/services/tracking/record-hit");
      await Promise.all(c.recipients.map((r) => durable.recordOpen(r.token, UA)));
      const target = await durable.recordClick(String(c.links[0]!.id), c.recipients[0]!.token, UA);
      expect(target?.url).toBe("https://example.com/d");
      expect(await count(c.id, "open")).toBe(3);
      expect(await count(c.id, "click")).toBe(1);
      expect(durable.trackingStatementsForTests().every((text) => !text.includes("synchronous_commit"))).toBe(true);
      expect(trackingStatementsForTests().every((text) => text.includes("synchronous_commit"))).toBe(true);
    } finally {
      delete process.env.TRACKING_DURABLE_COMMIT;
    }
  });
});

/** Waits until the tracking INSERT is at the server, waiting for the holder's lock (PostgreSQL shows it). */
async function waitUntilBlocked() {
  // Asked on a connection of its own each time: inside a transaction pg_stat_activity is a snapshot.
  const waiting = async () =>
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO "EmailEvent"%'`,
        [],
      )
    )[0]!.n;
  if (process.env.TEST_DATABASE_URL) await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  // Embedded: one session, held by the holder, so nothing else can be observed meanwhile; the statement was handed
  // to the pool above, give it time to reach the server's queue.
  else await new Promise((resolve) => setTimeout(resolve, 300));
}

describe("group-committed clicks", () => {
  let b: SentBroadcast;
  let other: SentBroadcast;
  beforeAll(async () => {
    const workspaceId = (await makeWorkspace()).id;
    b = await makeSentBroadcast({
      workspaceId,
      count: 6,
      links: ["https://example.com/a", "https://shop.example/?e={{email}}", "https://example.com/c"],
    });
    other = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, links: ["https://elsewhere.example/"] });
  });

  it("records every one of a burst of concurrent clicks, in fewer statements than clicks", async () => {
    const before = statementsOf("clicks");
    const targets = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        recordClick(b.links[i % 2 === 0 ? 0 : 2]!.id.toString(), b.recipients[i % 6]!.token, UA),
      ),
    );
    expect(targets.every((t) => t !== null)).toBe(true);
    expect(targets.map((t) => t!.url)).toEqual(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? "https://example.com/a" : "https://example.com/c")),
    );
    expect(await count(b.id, "click")).toBe(60);
    const statements = statementsOf("clicks") - before;
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThan(60);
  });

  it("answers each click of one statement for itself: invalid ones are refused, valid ones recorded", async () => {
    const c = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 2 });
    const token = c.recipients[0]!.token;
    const before = statementsOf("clicks");
    const targets = await Promise.all([
      recordClick(c.links[0]!.id.toString(), token, UA),
      recordClick("999999999999", token, UA), // no such link
      recordClick(other.links[0]!.id.toString(), token, UA), // another broadcast's link
      recordClick("abc", token, UA),
      recordClick(c.links[0]!.id.toString(), recipientToken(9_000_000_000n), UA), // no such recipient
      recordClick(c.links[0]!.id.toString(), recipientToken(2n ** 63n), UA), // an id past int8
      recordClick(c.links[1]!.id.toString(), c.recipients[1]!.token, UA),
    ]);
    expect(statementsOf("clicks") - before).toBe(1);
    expect(targets.map((t) => t?.url ?? null)).toEqual([
      "https://example.com/a",
      null,
      null,
      null,
      null,
      null,
      "https://example.com/b",
    ]);
    expect(await count(c.id, "click")).toBe(2);
    expect(await count(other.id, "click")).toBe(0);
  });

  it("answers a flood of unknown link ids in the batches themselves, not with a query each", async () => {
    const token = b.recipients[0]!.token;
    const before = statementsOf("clicks");
    const targets = await Promise.all(
      Array.from({ length: 200 }, (_, i) => recordClick(String(900_000_000_000 + i), token, UA)),
    );
    expect(targets.every((t) => t === null)).toBe(true);
    expect(statementsOf("clicks") - before).toBeLessThan(10);
  });

  it("refuses another broadcast's link whether or not the process has it cached, and records nothing", async () => {
    const link = other.links[0]!.id.toString();
    const stranger = b.recipients[0]!.token;
    expect(await recordClick(link, stranger, UA)).toBeNull();
    // Its own recipient's click puts the link in the cache…
    expect((await recordClick(link, other.recipients[0]!.token, UA))?.url).toBe("https://elsewhere.example/");
    // …and a recipient of another broadcast is still refused, alone or among valid clicks.
    expect(await recordClick(link, stranger, UA)).toBeNull();
    const [refused, accepted] = await Promise.all([
      recordClick(link, stranger, UA),
      recordClick(link, other.recipients[1]!.token, UA),
    ]);
    expect(refused).toBeNull();
    expect(accepted?.url).toBe("https://elsewhere.example/");
    expect(await count(other.id, "click")).toBe(2);
    const strangers = await sql(
      `SELECT 1 FROM "EmailEvent" WHERE "broadcastId" = $1 AND "recipientId" = $2 AND "linkId" = $3`,
      [b.id, b.recipients[0]!.id.toString(), link],
    );
    expect(strangers).toEqual([]);
  });

  it("resolves a merge-tag link per recipient, in one statement, before and after the link is cached", async () => {
    const c = await makeSentBroadcast({
      workspaceId: (await makeWorkspace()).id,
      count: 3,
      links: ["https://shop.example/?e={{email}}&n={{first_name|friend}}"],
    });
    await sql(`UPDATE "Contact" SET "firstName" = NULL WHERE id = $1`, [c.recipients[2]!.contactId]);
    const link = c.links[0]!.id.toString();
    const expected = c.recipients.map(
      (r, i) => `https://shop.example/?e=${encodeURIComponent(r.email)}&n=${i === 2 ? "friend" : "Ann"}`,
    );
    for (let round = 0; round < 2; round++) {
      const targets = await Promise.all(c.recipients.map((r) => recordClick(link, r.token, UA)));
      expect(targets.map((t) => t && clickDestination(t))).toEqual(expected);
    }
    expect(await count(c.id, "click")).toBe(6);
  });
});

describe("a web process killed mid-load", () => {
  it("loses no open it answered and records none twice", async () => {
    const c = await makeSentBroadcast({ workspaceId: (await makeWorkspace()).id, count: 3000 });
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/support/record-opens-child.ts"],
      { cwd: path.resolve(import.meta.dirname, "../.."), env: { ...process.env, BROADCAST_ID: c.id } },
    );
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const answered = () => output.split("\n").filter((line) => line.startsWith("answered "));
    try {
      // Killed once a third of the opens are answered: the rest are queued, in flight or not yet asked for.
      await expect.poll(() => answered().length, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(1000);
      child.kill("SIGKILL");
      await exited;
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    expect(output).not.toContain("done");
    const recorded = (
      await sql<{ recipientId: string }>(`SELECT "recipientId"::text FROM "EmailEvent" WHERE "broadcastId" = $1`, [
        c.id,
      ])
    ).map((r) => r.recipientId);
    expect(new Set(recorded).size).toBe(recorded.length);
    const missing = answered()
      .map((line) => line.slice("answered ".length))
      .filter((id) => !recorded.includes(id));
    expect(missing).toEqual([]);
    expect(recorded.length).toBeLessThan(3000);
  });
});
