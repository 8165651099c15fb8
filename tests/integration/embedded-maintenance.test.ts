// The embedded database keeps itself healthy: a table that churned is vacuumed and analyzed by the maintenance pass
// (dead rows gone, row estimate set), a second pass finds nothing to do, and the job acts only on the embedded server.
// A scratch schema keeps the assertions free of other test files' churn (and of autovacuum on a PostgreSQL server);
// the pass is the one the job runs.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { isEmbeddedDatabase, maintainTables } from "@/server/db/maintenance";
import { maintainEmbeddedDatabase } from "@/server/jobs/maintain-embedded-database";

const schema = `maint_${randomUUID().slice(0, 8)}`;
const table = `${schema}.churn`;

afterAll(async () => {
  await sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`, []);
});

type Stat = { reltuples: number; dead: string; last_vacuum: Date | null; last_analyze: Date | null };
const stat = async () =>
  (
    await sql<Stat>(
      `SELECT c.reltuples, s.n_dead_tup AS dead, s.last_vacuum, s.last_analyze
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.schemaname = $1 AND s.relname = 'churn'`,
      [schema],
    )
  )[0]!;

/** Churns on its own connection, then makes that backend publish its counters (they are flushed at most every second). */
async function churn(statements: string[]) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
    await client.query("SELECT pg_stat_force_next_flush()");
    await client.query("SELECT 1");
  } finally {
    await client.end();
  }
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (ok(value) || i === 100) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("embedded database maintenance", () => {
  it("vacuums and analyzes a table that churned, then leaves it alone", async () => {
    await sql(`CREATE SCHEMA ${schema}`, []);
    await sql(`CREATE TABLE ${table} (id int PRIMARY KEY, body text) WITH (autovacuum_enabled = false)`, []);
    await churn([
      `INSERT INTO ${table} SELECT g, 'x' FROM generate_series(1, 5000) g`,
      `UPDATE ${table} SET body = 'y' WHERE id <= 3000`,
      `DELETE FROM ${table} WHERE id > 4000`,
    ]);
    const before = await until(stat, (s) => Number(s.dead) > 0);
    expect(before.reltuples).toBe(-1); // never analyzed
    expect(Number(before.dead)).toBeGreaterThanOrEqual(4000);

    const first = await maintainTables([schema]);
    expect(first.vacuumed).toEqual([table]);
    const after = await stat();
    expect(after.reltuples).toBe(4000);
    expect(Number(after.dead)).toBe(0);
    expect(after.last_vacuum).not.toBeNull();
    expect(after.last_analyze).not.toBeNull();

    // Nothing churned since: the second pass (or a concurrent one) does nothing.
    expect(await maintainTables([schema])).toMatchObject({ vacuumed: [], analyzed: [] });

    // A few changes stay under the thresholds; many updates call for a vacuum again.
    await churn([`UPDATE ${table} SET body = 'z' WHERE id <= 10`]);
    expect(await maintainTables([schema])).toMatchObject({ vacuumed: [], analyzed: [] });
    await churn([`UPDATE ${table} SET body = 'w' WHERE id <= 2000`]);
    await until(stat, (s) => Number(s.dead) >= 2000);
    expect((await maintainTables([schema])).vacuumed).toEqual([table]);
    expect(Number((await stat()).dead)).toBe(0);
  });

  it("analyzes a table that was never analyzed, even when empty", async () => {
    await sql(`CREATE SCHEMA IF NOT EXISTS ${schema}`, []);
    await sql(`CREATE TABLE ${schema}.empty (id int) WITH (autovacuum_enabled = false)`, []);
    const result = await maintainTables([schema]);
    expect(result.analyzed).toContain(`${schema}.empty`);
    const [row] = await sql<{ reltuples: number }>(
      `SELECT reltuples FROM pg_class WHERE oid = '${schema}.empty'::regclass`,
      [],
    );
    expect(row!.reltuples).toBe(0);
  });

  it("acts on the embedded server only (a PostgreSQL server runs its own autovacuum)", async () => {
    const embedded = !process.env.TEST_DATABASE_URL;
    expect(await isEmbeddedDatabase()).toBe(embedded);
    // The job's whole pass, over Sendwell's and pg-boss's tables (partitions included), or nothing on a server.
    const pass = await maintainEmbeddedDatabase();
    if (embedded) expect(pass).toMatchObject({ vacuumed: expect.any(Array), analyzed: expect.any(Array) });
    else expect(pass).toBeNull();
  });
});
