// Concurrency probe for the embedded server (run as its own process: PGlite does not load inside vitest workers).
// Transactions and parameterised reads with different statements on 4 pooled connections at once; prints a JSON line.
import pg from "pg";
import { startEmbeddedDb } from "../../scripts/lib/embedded-db.mjs";

const server = await startEmbeddedDb({ dataDir: null });
const pool = new pg.Pool({ connectionString: server.url, max: 4 });
await pool.query("create table t (id int primary key, v int)");
await pool.query("insert into t values (1, 0)");
const big = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ a: i, b: "x".repeat(50) })));
let errors = 0;
let wrong = 0;

async function transactions() {
  for (let i = 0; i < 30; i++) {
    const c = await pool.connect();
    try {
      await c.query("BEGIN");
      await c.query("select v from t where id = $1 for update", [1]);
      const r = await c.query("select count(*)::int as n from jsonb_array_elements($1::jsonb)", [big]);
      if (r.rows[0]?.n !== 2000) wrong++;
      await c.query("update t set v = v + 1 where id = $1", [1]);
      await c.query("COMMIT");
    } catch {
      errors++;
      await c.query("ROLLBACK").catch(() => {});
    } finally {
      c.release();
    }
  }
}

async function reads() {
  for (let i = 0; i < 300; i++) {
    try {
      const r = await pool.query("select $1::int + 1 as x, $2::text as s", [i, `s${i}`]);
      if (r.rows[0]?.x !== i + 1 || r.rows[0]?.s !== `s${i}`) wrong++;
    } catch {
      errors++;
    }
  }
}

await Promise.all([transactions(), transactions(), reads(), reads()]);
const committed = (await pool.query("select v from t")).rows[0].v;
console.log(JSON.stringify({ errors, wrong, committed }));
await pool.end();
await server.stop();
