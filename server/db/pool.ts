// One pg pool per process, shared by Prisma (through its driver adapter) and by `sql()` for the few hot paths where
// Prisma's query layer costs more than the query itself (measured: 0.5 ms vs 0.12 ms CPU per key lookup).
import { randomBytes } from "node:crypto";
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

/**
 * `sql()` for a hot path's fixed statement text: a named prepared statement, parsed and planned once per connection.
 * On the embedded server that is most of a small query's cost (measured through the socket server: the API key
 * lookup 689 → 279 µs of CPU, the tags page 964 → 648 µs; bench/keyed-read-profile.ts). Every connection of every
 * process (web, worker, CLI) shares PGlite's one session, so a name is unique to its connection: a per-process
 * token, the connection's number, the statement's number. Never pass text built from input: each distinct text
 * stays prepared for the connection's life.
 */
export async function preparedSql<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = await pool().connect();
  try {
    const result = await client.query<T>({ name: statementName(client, text), text, values });
    return result.rows;
  } finally {
    client.release();
  }
}

const processToken = randomBytes(4).toString("hex");
const connectionNumbers = new WeakMap<pg.PoolClient, number>();
const statementNumbers = new Map<string, number>();
let connections = 0;

function statementName(client: pg.PoolClient, text: string) {
  let connection = connectionNumbers.get(client);
  if (connection === undefined) connectionNumbers.set(client, (connection = ++connections));
  let statement = statementNumbers.get(text);
  if (statement === undefined) statementNumbers.set(text, (statement = statementNumbers.size + 1));
  return `sw_${processToken}_${connection}_${statement}`;
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
