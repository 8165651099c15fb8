// What a background job is: a name, a zod payload, a handler, and its queue options. The options live here, on the
// definition, so the worker that creates the queue and the process that enqueues (web or worker) use the same ones.
import type { z } from "zod";
import type PgBoss from "pg-boss";

export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  name: string;
  payload: P;
  /** Jobs fetched per poll. Handlers must be idempotent: a job can run twice after a crash. */
  batchSize?: number;
  /** Retries after a failure, with exponential backoff (default 5). */
  retryLimit?: number;
  /** How long one run may take before pg-boss considers it lost and retries it (pg-boss's default: 15 min). */
  expireInSeconds?: number;
  /** Cron expression (UTC) for recurring jobs; the worker registers the schedule with pg-boss. */
  schedule?: string;
  handle: (payloads: z.output<P>[], jobs: PgBoss.Job<unknown>[]) => Promise<void>;
};

/** The options of the job's queue and of every job sent to it. */
export function queueOptions(job: JobDefinition) {
  return {
    name: job.name,
    retryLimit: job.retryLimit ?? 5,
    retryBackoff: true,
    ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
  };
}
