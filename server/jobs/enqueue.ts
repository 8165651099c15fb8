// The one way to enqueue a job: inside the caller's transaction, so the job exists if and only if the write that
// causes it commits. pg-boss writes its job row through the transaction's own connection (its `db` option); a
// process dying in between loses nothing and enqueues nothing twice.
//
//   await jobTransaction([someJob], async (query, enqueue) => {
//     const moved = await query(`UPDATE … WHERE status = 'draft'`, […]);
//     if (moved.rowCount) await enqueue(someJob, { id });
//   });
import PgBoss from "pg-boss";
import type { z } from "zod";
import { sqlTransaction, type Query } from "@/server/db/pool";
import { queueOptions, type JobDefinition } from "./job-definition";

const globalForSender = globalThis as unknown as { jobSender?: Promise<PgBoss>; jobQueues?: Set<string> };

/**
 * A send-only pg-boss: no polling, no maintenance, no schedules (the worker does those). Starting it installs
 * pg-boss's schema if no worker has yet.
 */
function sender(): Promise<PgBoss> {
  globalForSender.jobSender ??= (async () => {
    const boss = new PgBoss({
      connectionString: process.env.DATABASE_URL,
      schema: "pgboss",
      max: 2,
      supervise: false,
      schedule: false,
    });
    boss.on("error", (error) =>
      console.error(JSON.stringify({ level: "error", source: "pg-boss-sender", error: String(error) })),
    );
    await boss.start();
    return boss;
  })().catch((error) => {
    globalForSender.jobSender = undefined; // try again on the next call
    throw error;
  });
  return globalForSender.jobSender;
}

/** Starts the sender and creates the jobs' queues (with the definitions' options) unless this process already did. */
async function ready(jobs: JobDefinition[]): Promise<PgBoss> {
  const boss = await sender();
  const known = (globalForSender.jobQueues ??= new Set());
  for (const job of jobs) {
    if (known.has(job.name)) continue;
    await boss.createQueue(job.name, queueOptions(job));
    known.add(job.name);
  }
  return boss;
}

export type Enqueue = <P extends z.ZodType>(
  job: JobDefinition<P>,
  payload: z.input<P>,
  options?: { singletonKey?: string; startAfter?: Date },
) => Promise<string>;

/**
 * Runs `work` in one transaction whose `enqueue` writes jobs through it. pg-boss and the queues of `jobs` are made
 * ready first, outside the transaction: they use connections of their own, and the embedded database runs one
 * transaction at a time, so doing that inside would wait on itself.
 */
export async function jobTransaction<T>(
  jobs: JobDefinition[],
  work: (query: Query, enqueue: Enqueue) => Promise<T>,
): Promise<T> {
  const boss = await ready(jobs);
  const names = new Set(jobs.map((j) => j.name));
  return sqlTransaction((query) =>
    work(query, async (job, payload, options = {}) => {
      if (!names.has(job.name)) throw new Error(`${job.name} was not named in this jobTransaction's jobs.`);
      const data = job.payload.parse(payload) as object;
      const { name: _name, ...jobOptions } = queueOptions(job as JobDefinition);
      const id = await boss.send(job.name, data, {
        ...jobOptions,
        ...options,
        db: { executeSql: (text, values) => query(text, values) },
      });
      if (!id)
        throw new Error(`pg-boss did not enqueue ${job.name}${options.singletonKey ? " (singleton taken)" : ""}.`);
      return id;
    }),
  );
}

/** For tests and clean shutdowns. */
export async function stopJobSender() {
  const boss = await globalForSender.jobSender?.catch(() => undefined);
  globalForSender.jobSender = undefined;
  globalForSender.jobQueues = undefined;
  await boss?.stop({ graceful: false, wait: true });
}
