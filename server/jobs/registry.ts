// Every background job of Sendwell: name, zod payload, handler. The worker registers them all; the web process only
// enqueues (ideally in the same transaction as the write that causes the job).
import type { z } from "zod";
import type PgBoss from "pg-boss";
import { importContactsJob } from "./import-contacts";
import { pruneWebhookHistoryJob } from "./prune-webhook-history";

export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  name: string;
  payload: P;
  /** Jobs fetched per poll. Handlers must be idempotent: a job can run twice after a crash. */
  batchSize?: number;
  retryLimit?: number;
  /** Cron expression (UTC) for recurring jobs; the worker registers the schedule with pg-boss. */
  schedule?: string;
  handle: (payloads: z.output<P>[], jobs: PgBoss.Job<unknown>[]) => Promise<void>;
};

export const jobs: JobDefinition[] = [importContactsJob, pruneWebhookHistoryJob];
