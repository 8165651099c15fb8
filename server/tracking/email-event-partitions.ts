// EmailEvent's monthly partitions. The table is partitioned by RANGE on "createdAt" (migration
// 20261126111500_email_event_partitions): one partition per UTC month, named EmailEvent_YYYY_MM, and a DEFAULT
// partition that takes the rows of any month nobody created a partition for, so an insert never fails.
//
// - ensureEmailEventPartitions (job "maintain-email-event-partitions"): creates the current month and the
//   PARTITIONS_AHEAD after it, and a partition for every month whose rows sit in the default partition, moving those
//   rows into it in the same transaction (PostgreSQL refuses a partition whose range has rows in the default one).
// - dropExpiredEmailEventPartitions (job "prune-email-events"): drops each month that lies entirely before the
//   retention cutoff and whose events the rollup has all applied. A month with one unapplied event is kept whole.
//
// Both run under one advisory lock (any number of workers may run them at once: the second finds the work done) and
// hold the rollup's cursor row, so no rollup batch reads the table while they take their short table locks.
import { sqlTransaction, type Query } from "@/server/db/pool";

/** Months created ahead of the current one: a quarter of slack if the worker stops running the daily job. */
export const PARTITIONS_AHEAD = 3;
export const DEFAULT_PARTITION = "EmailEvent_default";

const LOCK_ID = 7_220_431_022; // arbitrary constant owned by EmailEvent partition maintenance
/**
 * How long a table lock may be waited for. Adding a partition takes the default partition exclusively, dropping one
 * takes the whole table (PostgreSQL cannot DETACH CONCURRENTLY beside a default partition), and every insert queues
 * behind a waiting exclusive request: better to fail and let the job retry than to stall the tracking endpoints.
 */
const TABLE_LOCK_TIMEOUT = "2s";
const COLUMNS = `seq, "workspaceId", "broadcastId", "recipientId", type, "linkId", class, device, "bounceType", detail, "createdAt"`;
const MONTHLY = /^EmailEvent_(\d{4})_(\d{2})$/;

/** The first instant of `date`'s month, in UTC. */
export function monthOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function addMonths(month: Date, n: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + n, 1));
}

/** EmailEvent_YYYY_MM of the month starting at `month`. */
export function partitionName(month: Date): string {
  return `EmailEvent_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month a partition's name stands for; null for the default partition and any partition named otherwise. */
export function monthOfPartition(name: string): Date | null {
  const match = MONTHLY.exec(name);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}

/** The partitions attached to EmailEvent now. */
export async function listPartitions(query: Query): Promise<string[]> {
  const { rows } = await query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = '"EmailEvent"'::regclass ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * Runs `work` in one transaction holding the maintenance lock and the rollup's cursor row (waiting for a running
 * batch to commit; later batches skip until this commits), with the cursor's position: every event up to it is
 * applied. The functions below that take a `query` expect to run inside it.
 */
export async function withPartitionLock<T>(work: (query: Query, lastSeq: bigint) => Promise<T>): Promise<T> {
  return sqlTransaction(async (query) => {
    await query(`SELECT pg_advisory_xact_lock($1)`, [LOCK_ID]);
    await query(`INSERT INTO "EmailEventCursor" (id, "lastSeq") VALUES (1, 0) ON CONFLICT (id) DO NOTHING`);
    const { rows } = await query<{ lastSeq: string }>(
      `SELECT "lastSeq" FROM "EmailEventCursor" WHERE id = 1 FOR UPDATE`,
    );
    await query(`SET LOCAL lock_timeout = '${TABLE_LOCK_TIMEOUT}'`);
    return work(query, BigInt(rows[0]!.lastSeq));
  });
}

export type EnsureResult = { created: string[]; moved: number };
type EnsureOptions = { now?: Date; ahead?: number };

/**
 * Creates the partitions of the current month (of `now`) and the `ahead` months after it, and of every month with
 * rows in the default partition (those rows move into it). Idempotent; a no-op when they all exist.
 */
export async function ensureEmailEventPartitions(options: EnsureOptions = {}): Promise<EnsureResult> {
  return withPartitionLock((query) => ensurePartitions(query, options));
}

/** The work of ensureEmailEventPartitions, inside withPartitionLock. */
export async function ensurePartitions(
  query: Query,
  { now = new Date(), ahead = PARTITIONS_AHEAD }: EnsureOptions = {},
): Promise<EnsureResult> {
  const existing = new Set(await listPartitions(query));
  const wanted = new Map<string, Date>();
  const want = (month: Date) => wanted.set(partitionName(month), month);
  for (let i = 0; i <= ahead; i++) want(addMonths(monthOf(now), i));
  const hasDefault = existing.has(DEFAULT_PARTITION);
  if (hasDefault) {
    const { rows } = await query<{ month: Date }>(
      `SELECT DISTINCT date_trunc('month', "createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month
         FROM "${DEFAULT_PARTITION}"`,
    );
    for (const r of rows) want(monthOf(r.month));
  }
  const result: EnsureResult = { created: [], moved: 0 };
  const missing = [...wanted].filter(([name]) => !existing.has(name)).sort(([a], [b]) => a.localeCompare(b));
  // Attaching next to a default partition scans it under an exclusive lock: take that lock once, first, so no
  // insert routed to it slips in between moving its rows out and attaching (the attach would then fail).
  if (missing.length > 0 && hasDefault) await query(`LOCK TABLE "${DEFAULT_PARTITION}" IN ACCESS EXCLUSIVE MODE`);
  for (const [name, month] of missing) {
    result.moved += await createPartition(query, name, month, hasDefault);
    result.created.push(name);
  }
  return result;
}

/**
 * Creates the month's partition as a plain table, fills it with the month's rows from the default partition, then
 * attaches it. CREATE TABLE … PARTITION OF would lock the whole of EmailEvent exclusively; ATTACH PARTITION takes
 * only a lock that lets inserts and reads go on. Returns the number of rows moved.
 */
async function createPartition(query: Query, name: string, month: Date, hasDefault: boolean): Promise<number> {
  // Bounds from our own Date values (ISO 8601 in UTC): DDL takes no parameters, and nothing here comes from input.
  const from = month.toISOString();
  const to = addMonths(month, 1).toISOString();
  await query(`CREATE TABLE "${name}" (LIKE "EmailEvent")`);
  let moved = 0;
  if (hasDefault) {
    const { rowCount } = await query(
      `WITH moved AS (
         DELETE FROM "${DEFAULT_PARTITION}" WHERE "createdAt" >= $1 AND "createdAt" < $2 RETURNING ${COLUMNS})
       INSERT INTO "${name}" (${COLUMNS}) SELECT ${COLUMNS} FROM moved`,
      [from, to],
    );
    moved = rowCount ?? 0;
  }
  await query(`ALTER TABLE "EmailEvent" ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`);
  return moved;
}

export type DropResult = { dropped: string[]; kept: string[] };

/**
 * Drops every monthly partition that ends at or before `cutoff` and holds no event past the rollup's cursor. The
 * ones holding unapplied events are kept (named in `kept`) and dropped by a later run, once applied.
 */
export async function dropExpiredEmailEventPartitions(cutoff: Date): Promise<DropResult> {
  return withPartitionLock((query, lastSeq) => dropExpiredPartitions(query, cutoff, lastSeq));
}

/** The work of dropExpiredEmailEventPartitions, inside withPartitionLock (`lastSeq` is the cursor it holds). */
export async function dropExpiredPartitions(query: Query, cutoff: Date, lastSeq: bigint): Promise<DropResult> {
  const expired = (await listPartitions(query)).filter((name) => {
    const month = monthOfPartition(name);
    return month !== null && addMonths(month, 1) <= cutoff;
  });
  const result: DropResult = { dropped: [], kept: [] };
  if (expired.length === 0) return result;
  // Dropping a partition locks the whole table anyway; taking it first means no insert lands in a month between
  // its check and its drop. Each check is one probe of the partition's primary key (seq leads it).
  await query(`LOCK TABLE "EmailEvent" IN ACCESS EXCLUSIVE MODE`);
  for (const name of expired) {
    const { rows } = await query<{ unapplied: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "${name}" WHERE seq > $1) AS unapplied`,
      [lastSeq.toString()],
    );
    if (rows[0]!.unapplied) {
      result.kept.push(name);
    } else {
      await query(`DROP TABLE "${name}"`);
      result.dropped.push(name);
    }
  }
  return result;
}
