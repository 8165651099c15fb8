// The tracking rollup: applies EmailEvent rows, in seq order and in batches, to recipients, the per-broadcast
// rollups (BroadcastStats, hourly, device, link clicks), contacts' timelines and the Event log. The public endpoints
// only append events (cheap under a burst); this loop does the rest set-based, a few statements per 5,000 events.
// Exactly once by construction: the cursor row is locked for the whole batch and advanced in the same transaction,
// so a crash applies a batch entirely or not at all, and any number of workers take turns (SKIP LOCKED).
import { sqlTransaction, sql, type Query } from "@/server/db/pool";
import { startPollLoop } from "@/server/poll-loop";
import { APPLY_CLICKS, APPLY_HOURLY, APPLY_RECIPIENTS } from "./rollup-sql";

export const ROLLUP_BATCH = 5_000;
const IDLE_POLL_MS = 500;

/**
 * Sequence numbers are handed out before their INSERT commits, so under concurrent hits seq 41 can become visible
 * after seq 42. Taking 42 and moving the cursor past 41 would lose 41 forever. So the batch stops before a gap in
 * the numbers, until the event after the gap is GAP_SETTLE_SECONDS old: by then a single-row INSERT that took the
 * missing number has committed or rolled back (a rolled-back or crashed insert leaves a gap for good).
 */
const GAP_SETTLE_SECONDS = 5;

export type RollupResult = { applied: number; lastSeq: bigint; full: boolean; busy: boolean };

let cursorRowEnsured = false;

/** Applies the next batch of events, if any. Safe to call from any number of processes at once. */
export async function applyNextEvents(limit = ROLLUP_BATCH): Promise<RollupResult> {
  if (!cursorRowEnsured) {
    await sql(`INSERT INTO "EmailEventCursor" (id, "lastSeq") VALUES (1, 0) ON CONFLICT (id) DO NOTHING`, []);
    cursorRowEnsured = true;
  }
  return sqlTransaction(async (query) => {
    const cursor = await query<{ lastSeq: string }>(
      `SELECT "lastSeq" FROM "EmailEventCursor" WHERE id = 1 FOR UPDATE SKIP LOCKED`,
    );
    const row = cursor.rows[0];
    if (!row) return { applied: 0, lastSeq: 0n, full: false, busy: true };
    const from = BigInt(row.lastSeq);
    const { upTo, count } = await batchEnd(query, from, limit);
    if (count > 0) {
      const range = [from.toString(), upTo.toString()];
      // Recipients last: the clicks' unique test reads recipients' clickedAt, and the implied opens of the hourly
      // and recipients' statements read their openedAt, as they were before this batch.
      await query(APPLY_CLICKS, range);
      await query(APPLY_HOURLY, range);
      await query(APPLY_RECIPIENTS, range);
      await query(`UPDATE "EmailEventCursor" SET "lastSeq" = $1 WHERE id = 1`, [upTo.toString()]);
    }
    return { applied: count, lastSeq: count > 0 ? upTo : from, full: count === limit, busy: false };
  });
}

/** The last seq of the next batch: up to `limit` events, stopping before a gap that may still fill. */
async function batchEnd(query: Query, from: bigint, limit: number) {
  const { rows } = await query<{ seq: string; settled: boolean }>(
    `SELECT seq, "createdAt" < now() - make_interval(secs => $3) AS settled
       FROM "EmailEvent" WHERE seq > $1 ORDER BY seq LIMIT $2`,
    [from.toString(), limit, GAP_SETTLE_SECONDS],
  );
  let upTo = from;
  let count = 0;
  for (const r of rows) {
    const seq = BigInt(r.seq);
    if (seq !== upTo + 1n && !r.settled) break;
    upTo = seq;
    count++;
  }
  return { upTo, count };
}

type Log = (message: string, fields?: Record<string, unknown>) => void;

/**
 * The rollup loop of a worker process: a batch at once after a full one, otherwise every IDLE_POLL_MS. Errors are
 * logged and retried at the next poll (the batch's transaction rolled back; nothing was half-applied).
 */
export function startTrackingRollup({ log }: { log: Log }): { stop: () => Promise<void> } {
  return startPollLoop({
    step: async () => {
      const result = await applyNextEvents();
      return result.full && result.applied > 0;
    },
    idleMs: IDLE_POLL_MS,
    onError: (error) => log("tracking rollup batch failed; retrying", { error: String(error) }),
  });
}
