// EmailEvent partitioned by month: the migration keeps every row and the numbering, an insert lands whatever its
// month, the maintenance job creates months ahead and moves rows out of the default partition, and any number of
// workers may run it at once.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql, sqlTransaction, type Query } from "@/server/db/pool";
import {
  DEFAULT_PARTITION,
  PARTITIONS_AHEAD,
  addMonths,
  dropExpiredPartitions,
  ensureEmailEventPartitions,
  ensurePartitions,
  listPartitions,
  monthOf,
  partitionName,
  withPartitionLock,
} from "@/server/tracking/email-event-partitions";

const MIGRATION = path.resolve(
  import.meta.dirname,
  "../../prisma/migrations/20261126111500_email_event_partitions/migration.sql",
);

/** Thrown to roll a test's transaction back, leaving the shared database as it was. */
class Rollback extends Error {}
/** A session 14 hours ahead of UTC: months are UTC months whatever the session's time zone. */
const FAR_EAST = `SET LOCAL TIME ZONE INTERVAL '+14:00' HOUR TO MINUTE`;
async function rolledBack(work: (query: Query, lastSeq: bigint) => Promise<void>) {
  await expect(
    withPartitionLock(async (query, lastSeq) => {
      await query(FAR_EAST);
      await work(query, lastSeq);
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
}

const insertAt = (query: Query, createdAt: Date | null) =>
  query<{ seq: string; partition: string }>(
    `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "createdAt")
     VALUES ($1, $2, 0, 'open', coalesce($3, now())) RETURNING seq, tableoid::regclass::text AS partition`,
    [randomUUID(), randomUUID(), createdAt],
  ).then((r) => r.rows[0]!);

const unquote = (name: string) => name.replace(/"/g, "");

describe("EmailEvent partitions: the migration", () => {
  it("turns the table into monthly partitions keeping every row, its seq and the numbering", async () => {
    const migration = await readFile(MIGRATION, "utf8");
    await expect(
      sqlTransaction(async (query) => {
        // The table as the migration found it, in a scratch schema of this transaction (rolled back below).
        await query(FAR_EAST);
        await query(`CREATE SCHEMA partition_migration_test`);
        await query(`SET LOCAL search_path TO partition_migration_test, public`);
        await query(`CREATE TABLE "EmailEvent" (
          "seq" BIGSERIAL NOT NULL, "workspaceId" UUID NOT NULL, "broadcastId" UUID NOT NULL,
          "recipientId" BIGINT NOT NULL, "type" TEXT NOT NULL, "linkId" BIGINT, "class" TEXT, "device" TEXT,
          "bounceType" TEXT, "detail" TEXT, "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
          CONSTRAINT "EmailEvent_pkey" PRIMARY KEY ("seq"))`);
        await query(
          `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, class, "createdAt")
           SELECT gen_random_uuid(), gen_random_uuid(), n, 'open', 'human', now() - make_interval(days => n * 45)
             FROM generate_series(0, 8) n`,
        );
        // Late on a month's last day in UTC: already the next month in the session's time zone.
        await query(
          `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "createdAt")
           VALUES (gen_random_uuid(), gen_random_uuid(), 9, 'open', '2025-01-31T12:00:00Z')`,
        );
        const before = (
          await query<{ seq: string; createdAt: Date }>(`SELECT seq, "createdAt" FROM "EmailEvent" ORDER BY seq`)
        ).rows;

        await query(migration);

        const after = await query<{ seq: string; createdAt: Date; partition: string }>(
          `SELECT seq, "createdAt", tableoid::regclass::text AS partition FROM "EmailEvent" ORDER BY seq`,
        );
        expect(after.rows.map(({ seq, createdAt }) => ({ seq, createdAt }))).toEqual(before);
        for (const row of after.rows) expect(unquote(row.partition)).toBe(partitionName(monthOf(row.createdAt)));
        const partitions = (
          await query<{ name: string }>(
            `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = '"EmailEvent"'::regclass`,
          )
        ).rows.map((r) => r.name);
        const now = monthOf(new Date());
        for (let i = 0; i <= PARTITIONS_AHEAD; i++) expect(partitions).toContain(partitionName(addMonths(now, i)));
        expect(partitions).toContain(DEFAULT_PARTITION);
        expect(partitions).toHaveLength(new Set(after.rows.map((r) => r.partition)).size + PARTITIONS_AHEAD + 1);

        const [table] = (
          await query<{ kind: string; key: string }>(
            `SELECT c.relkind AS kind, pg_get_constraintdef(k.oid) AS key
               FROM pg_class c JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'p'
              WHERE c.oid = '"EmailEvent"'::regclass`,
          )
        ).rows;
        expect(table).toEqual({ kind: "p", key: 'PRIMARY KEY (seq, "createdAt")' });
        // The numbering goes on from the old table's sequence, which the new table now owns.
        const next = await insertAt(query, null);
        expect(BigInt(next.seq)).toBe(BigInt(before.at(-1)!.seq) + 1n);
        expect(unquote(next.partition)).toBe(partitionName(now));
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});

describe("EmailEvent partitions: inserts and maintenance", () => {
  it("takes an insert for any month: its own partition, or the default one", async () => {
    await rolledBack(async (query) => {
      expect(unquote((await insertAt(query, null)).partition)).toBe(partitionName(monthOf(new Date())));
      expect(unquote((await insertAt(query, new Date("1970-01-01T00:00:00Z"))).partition)).toBe(DEFAULT_PARTITION);
      expect(unquote((await insertAt(query, new Date("2999-12-31T23:59:59Z"))).partition)).toBe(DEFAULT_PARTITION);
    });
  });

  it("creates a month whose rows sit in the default partition, moving them into it in one transaction", async () => {
    await rolledBack(async (query) => {
      const month = new Date("1990-03-01T00:00:00Z");
      const rows = [
        await insertAt(query, new Date("1990-03-01T00:00:00Z")),
        await insertAt(query, new Date("1990-03-31T23:59:59.999Z")),
      ];
      const outside = await insertAt(query, new Date("1990-04-01T00:00:00Z"));
      expect(rows.map((r) => unquote(r.partition))).toEqual([DEFAULT_PARTITION, DEFAULT_PARTITION]);

      const result = await ensurePartitions(query);
      expect(result.created).toEqual([partitionName(month), "EmailEvent_1990_04"]);
      expect(result.moved).toBe(3);
      const moved = await query<{ seq: string; partition: string }>(
        `SELECT seq, tableoid::regclass::text AS partition FROM "EmailEvent" WHERE seq = ANY($1::bigint[]) ORDER BY seq`,
        [[...rows, outside].map((r) => r.seq)],
      );
      expect(moved.rows.map((r) => [r.seq, unquote(r.partition)])).toEqual([
        [rows[0]!.seq, "EmailEvent_1990_03"],
        [rows[1]!.seq, "EmailEvent_1990_03"],
        [outside.seq, "EmailEvent_1990_04"],
      ]);
      const [left] = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM "${DEFAULT_PARTITION}"`)).rows;
      expect(left!.n).toBe(0);
      expect(await ensurePartitions(query)).toEqual({ created: [], moved: 0 });
    });
  });

  it("keeps a whole month while it holds an event the rollup has not applied", async () => {
    await rolledBack(async (query, lastSeq) => {
      // Inserted while this transaction holds the cursor: past lastSeq, so not applied.
      const unapplied = await insertAt(query, new Date("1991-06-10T00:00:00Z"));
      await ensurePartitions(query);
      expect(unquote(unapplied.partition)).toBe(DEFAULT_PARTITION);
      const result = await dropExpiredPartitions(query, new Date("1991-08-01T00:00:00Z"), lastSeq);
      expect(result.kept).toEqual(["EmailEvent_1991_06"]);
      expect(result.dropped).not.toContain("EmailEvent_1991_06");
      expect((await query(`SELECT 1 FROM "EmailEvent" WHERE seq = $1`, [unapplied.seq])).rows).toHaveLength(1);
      // Once the cursor has passed it, the month goes.
      const later = await dropExpiredPartitions(query, new Date("1991-08-01T00:00:00Z"), BigInt(unapplied.seq));
      expect(later.dropped).toContain("EmailEvent_1991_06");
      expect((await query(`SELECT 1 FROM "EmailEvent" WHERE seq = $1`, [unapplied.seq])).rows).toHaveLength(0);
    });
  });

  it("creates the current month and the next ones once, however many workers run it at once", async () => {
    // A far-off year of its own, so no other test's months are involved; dropped again at the end.
    const year = 2200 + Math.floor(Math.random() * 700);
    const now = new Date(Date.UTC(year, 10, 20));
    const expected = [0, 1, 2, 3].map((i) => partitionName(addMonths(monthOf(now), i)));
    try {
      const runs = await Promise.all([1, 2, 3, 4].map(() => ensureEmailEventPartitions({ now })));
      expect(runs.flatMap((r) => r.created).sort()).toEqual(expected);
      expect(await ensureEmailEventPartitions({ now })).toEqual({ created: [], moved: 0 });
      const partitions = await withPartitionLock((query) => listPartitions(query));
      for (const name of expected) expect(partitions).toContain(name);
      // Rows of those months now land in their own partitions, not in the default one.
      await rolledBack(async (query) => {
        const row = await insertAt(query, new Date(Date.UTC(year + 1, 1, 28)));
        expect(unquote(row.partition)).toBe(`EmailEvent_${year + 1}_02`);
      });
    } finally {
      for (const name of expected) await sql(`DROP TABLE IF EXISTS "${name}"`, []);
    }
  });
});
