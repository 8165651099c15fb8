// Applies committed migrations under a PostgreSQL advisory lock, so several processes starting together
// (web replicas, workers, CI jobs) migrate once and never race.
import pg from "pg";
import { openEngine, applyMigrations } from "./schema-engine.mjs";

const LOCK_ID = 7_220_431_001; // arbitrary constant owned by Sendwell migrations

export async function migrate(url, { log = console.log } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [LOCK_ID]);
    const engine = await openEngine(url);
    try {
      const applied = await applyMigrations(engine);
      log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date.");
      return applied;
    } finally {
      engine.free();
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
}
