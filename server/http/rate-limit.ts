// Per-key fixed-window rate limits shared by every web process through PostgreSQL: one row per key in the unlogged
// "RateLimitWindow" table, taken by one upsert that counts and answers at once, the database's clock deciding when
// a window ends (processes with skewed clocks agree). The limits stop runaway clients and floods; they do not meter
// billing, so a crash that empties the table (it is unlogged) only starts every window over.
// Takes of one key that arrive while its statement is in flight wait and go together in the next statement (a group
// commit): 50 concurrent requests on one key cost a few statements, not 50 waits on one row lock.
import { rateLimits } from "@/server/config";
import { pool, preparedSql } from "@/server/db/pool";

export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export type TakeOptions = { limit: number; windowMs: number; cost?: number };

/**
 * One request of `key` (or `cost` units of it, e.g. one per address of a test email); the window and limit are the
 * keyed API's unless given (public forms have their own). A refused request takes nothing from the window.
 */
export function takeToken(
  key: string,
  { limit, windowMs, cost = 1 }: TakeOptions = { limit: rateLimits.perKey(), windowMs: rateLimits.windowMs() },
): Promise<RateLimitResult> {
  const units = Math.max(1, Math.ceil(cost));
  const laneKey = `${key}\n${units}\n${limit}\n${Math.round(windowMs)}`;
  return new Promise((resolve, reject) => {
    const waiter = { resolve, reject };
    const lane = lanes.get(laneKey);
    if (lane) lane.push(waiter);
    else {
      lanes.set(laneKey, []);
      void run(laneKey, { key, units, limit, windowMs: Math.round(windowMs) }, [waiter]);
    }
  });
}

type Waiter = { resolve: (r: RateLimitResult) => void; reject: (error: unknown) => void };
type Lane = { key: string; units: number; limit: number; windowMs: number };

/** Per key (and cost, limit, window): the takes waiting for the statement in flight. No entry: none in flight. */
const lanes = new Map<string, Waiter[]>();

async function run(laneKey: string, lane: Lane, batch: Waiter[]): Promise<void> {
  try {
    const [row] = await preparedSql<{ count: number; taken: number; resetMs: number }>(TAKE, [
      lane.key,
      batch.length,
      lane.units,
      lane.limit,
      lane.windowMs,
    ]);
    if (!row) throw new Error("The rate-limit upsert returned no row.");
    batchAnswers({ ...lane, ...row, takes: batch.length }).forEach((answer, i) => batch[i]!.resolve(answer));
  } catch (error) {
    for (const waiter of batch) waiter.reject(error);
  }
  const next = lanes.get(laneKey) ?? [];
  if (next.length === 0) lanes.delete(laneKey);
  else {
    lanes.set(laneKey, []);
    void run(laneKey, lane, next);
  }
}

// $2 takes of $3 units each against a limit of $4 per window of $5 ms: as many as fit are allowed, in order (the
// same answers as one statement per take would give), and "taken" keeps how many, for RETURNING. A window that has
// ended starts over at this take, so expired rows need no cleaning for correctness (pruneRateLimitWindows).
const TAKE = `
  INSERT INTO "RateLimitWindow" AS w ("key", "count", "taken", "resetAt")
  VALUES ($1, least($2::int, $4::int / $3::int) * $3::int, least($2::int, $4::int / $3::int),
          now() + $5::int * interval '1 millisecond')
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE WHEN w."resetAt" <= now() THEN excluded."count"
                   ELSE w."count" + least($2::int, greatest(0, $4::int - w."count") / $3::int) * $3::int END,
    "taken" = CASE WHEN w."resetAt" <= now() THEN excluded."taken"
                   ELSE least($2::int, greatest(0, $4::int - w."count") / $3::int) END,
    "resetAt" = CASE WHEN w."resetAt" <= now() THEN excluded."resetAt" ELSE w."resetAt" END
  RETURNING "count", "taken", extract(epoch from "resetAt" - now())::float8 * 1000 AS "resetMs"`;

/**
 * The answer of each of `takes` takes of `units` that one statement counted together, in arrival order: the first
 * `taken` were allowed (each seeing the count its own take left), the rest refused (the count after all of them).
 */
export function batchAnswers(r: {
  takes: number;
  units: number;
  limit: number;
  count: number;
  taken: number;
  resetMs: number;
}): RateLimitResult[] {
  const resetSeconds = Math.max(1, Math.ceil(r.resetMs / 1000));
  const before = r.count - r.taken * r.units;
  return Array.from({ length: r.takes }, (_, i) => {
    const allowed = i < r.taken;
    const count = allowed ? before + (i + 1) * r.units : r.count;
    return { allowed, limit: r.limit, remaining: Math.max(0, r.limit - count), resetSeconds };
  });
}

/** Deletes the windows that ended (job prune-rate-limit-windows): a take never reads them, they only take room. */
export async function pruneRateLimitWindows(): Promise<number> {
  const result = await pool().query(`DELETE FROM "RateLimitWindow" WHERE "resetAt" <= now()`);
  return result.rowCount ?? 0;
}

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(r.resetSeconds),
  };
}
