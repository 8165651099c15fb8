// One pg pool per process, shared by Prisma (through its driver adapter) and by `sql()` for the few hot paths where
// Prisma's query layer costs more than the query itself (measured: 0.5 ms vs 0.12 ms CPU per key lookup).
import pg from "pg";

const globalForPool = globalThis as unknown as { pgPool?: pg.Pool };

export function pool(): pg.Pool {
  if (!globalForPool.pgPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set: start Sendwell with `npm start` or set it.");
    globalForPool.pgPool = new pg.Pool({
      connectionString,
      max: Number(process.env.DATABASE_POOL_SIZE || 10),
      // Short OLTP queries only: JIT compilation never pays off here, and PostgreSQL's over-estimates on segment
      // queries (EXISTS under OR) switched it on at a cost of 0.3–0.5 s per query on PostgreSQL 15.
      options: "-c jit=off",
    });
    globalForPool.pgPool.on("error", (error) =>
      console.error(JSON.stringify({ level: "error", source: "pg-pool", error: String(error) })),
    );
  }
  return globalForPool.pgPool;
}

/**
 * A parameterised query straight on the pool. Unnamed statements on purpose: the embedded server multiplexes every
 * connection onto one PGlite session, where named prepared statements of different connections would collide.
 */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const result = await pool().query<T>(text, values);
  return result.rows;
}

export async function closePool() {
  const p = globalForPool.pgPool;
  globalForPool.pgPool = undefined;
  await p?.end();
}

export type Query = <T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: unknown[],
) => Promise<pg.QueryResult<T>>;

/** Runs `work` in one transaction on one pooled connection: committed if it returns, rolled back if it throws. */
export async function sqlTransaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const result = await work((text, values) => client.query(text, values));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
