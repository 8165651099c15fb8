// Does the database answer? For GET /api/health: a `SELECT 1` through the process's own pool, so a pool whose
// connections all hang (what pages would wait on) counts as "not answering" too; given up after a short timeout.
import type pg from "pg";
import { pool } from "./pool";

export const PING_TIMEOUT_MS = 2000;
/** A load balancer or a benchmark may poll often: one ping at a time, its answer reused for a second. */
const REUSE_MS = 1000;

let last: { at: number; answers: boolean } | null = null;
let inFlight: Promise<boolean> | null = null;

export function databaseAnswers(): Promise<boolean> {
  if (last && Date.now() - last.at < REUSE_MS) return Promise.resolve(last.answers);
  inFlight ??= ping(PING_TIMEOUT_MS).then((answers) => {
    last = { at: Date.now(), answers };
    inFlight = null;
    return answers;
  });
  return inFlight;
}

/** Forgets the reused answer (tests, and after the pool is replaced). */
export function forgetPing() {
  last = null;
}

async function ping(timeoutMs: number): Promise<boolean> {
  let client: pg.PoolClient | null = null;
  let settled = false;
  // A connection that hung is destroyed, not given back: the pool opens a fresh one for the next caller.
  const discard = (c: pg.PoolClient) => {
    try {
      c.release(true);
    } catch {
      // already released
    }
  };
  const attempt = (async () => {
    client = await pool().connect();
    if (settled) {
      discard(client); // connected only after the timeout
      return false;
    }
    await client.query("SELECT 1");
    client.release();
    client = null;
    return true;
  })().catch(() => {
    if (client) discard(client);
    return false;
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answers = await Promise.race([attempt, timeout]);
  clearTimeout(timer);
  settled = true;
  if (!answers && client) discard(client);
  return answers;
}
