// VACUUM and ANALYZE where a table needs them, decided the way PostgreSQL's autovacuum decides. The embedded server
// (PGlite) has no autovacuum: it runs PostgreSQL in single-user mode, where the launcher never starts, although
// `SHOW autovacuum` says "on". Without this, a day of use left every table never analyzed (`reltuples = -1`, so the
// planner guesses) and the webhook task table with 32,000 dead rows beside 5,000 live ones.
import { sql } from "./pool";

/** One table's statistics, from pg_stat_user_tables and pg_class. */
export type TableStats = {
  /** Schema-qualified and quoted, ready to put in a statement. */
  name: string;
  reltuples: number;
  bytes: number;
  deadTuples: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
  lastVacuum: Date | null;
};

export type Maintenance = "vacuum" | "analyze" | null;

// PostgreSQL's own defaults for autovacuum (autovacuum_vacuum_threshold / _scale_factor, the insert and analyze ones),
// so a table is treated as a PostgreSQL server would treat it.
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

/** What a table needs now: a VACUUM (ANALYZE), an ANALYZE, or nothing. */
export function maintenanceFor(t: TableStats): Maintenance {
  const rows = Math.max(t.reltuples, 0);
  if (t.deadTuples > VACUUM_BASE + VACUUM_SCALE * rows) return "vacuum";
  // Inserts alone leave pages out of the visibility map, which index-only scans need.
  if (t.insertedSinceVacuum > INSERT_BASE + INSERT_SCALE * rows) return "vacuum";
  // PGlite does not keep the cumulative statistics across a restart: a table not vacuumed since the statistics
  // (re)started may hold dead rows the counters no longer show. Once per start, and cheap on pages already all-visible.
  if (t.lastVacuum === null && t.bytes > 0) return "vacuum";
  if (t.reltuples < 0) return "analyze";
  if (t.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * rows) return "analyze";
  return null;
}

/** Whether the server is the embedded PGlite: it says so in version(), whoever started it (npm start, db:serve). */
export async function isEmbeddedDatabase(): Promise<boolean> {
  const [row] = await sql<{ version: string }>("SELECT version()", []);
  return /PGlite/i.test(row?.version ?? "");
}

async function tableStats(schemas: string[]): Promise<TableStats[]> {
  // Ordinary tables only: a partitioned parent (pg-boss's job table) has no rows of its own; its partitions are listed.
  const rows = await sql<{
    name: string;
    reltuples: number;
    bytes: string;
    dead: string;
    modified: string;
    inserted: string;
    last_vacuum: Date | null;
  }>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name, c.reltuples, pg_relation_size(s.relid) AS bytes,
            s.n_dead_tup AS dead, s.n_mod_since_analyze AS modified, s.n_ins_since_vacuum AS inserted,
            greatest(s.last_vacuum, s.last_autovacuum) AS last_vacuum
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = ANY($1::text[]) AND c.relkind = 'r'
      ORDER BY s.schemaname, s.relname`,
    [schemas],
  );
  return rows.map((r) => ({
    name: r.name,
    reltuples: Number(r.reltuples),
    bytes: Number(r.bytes),
    deadTuples: Number(r.dead),
    modifiedSinceAnalyze: Number(r.modified),
    insertedSinceVacuum: Number(r.inserted),
    lastVacuum: r.last_vacuum,
  }));
}

export type MaintenanceResult = { vacuumed: string[]; analyzed: string[]; ms: number };

/**
 * Vacuums and analyzes the tables of `schemas` that need it, one table per statement: the embedded server runs one
 * statement at a time, so requests get in between tables. VACUUM cannot run inside a transaction block, so each is
 * sent alone on the pool. Running it twice (or in two workers) is harmless: the second finds nothing to do.
 */
export async function maintainTables(schemas = ["public", "pgboss"]): Promise<MaintenanceResult> {
  const started = performance.now();
  const result: MaintenanceResult = { vacuumed: [], analyzed: [], ms: 0 };
  for (const table of await tableStats(schemas)) {
    const needed = maintenanceFor(table);
    if (needed === "vacuum") {
      await sql(`VACUUM (ANALYZE) ${table.name}`, []);
      result.vacuumed.push(table.name);
    } else if (needed === "analyze") {
      await sql(`ANALYZE ${table.name}`, []);
      result.analyzed.push(table.name);
    }
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
