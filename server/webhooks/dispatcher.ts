// The delivery engine of a worker process: claims due tasks (up to `concurrency` in flight), POSTs them, and writes
// their outcomes in batches. Runs beside pg-boss rather than as a pg-boss job because a delivery is a few
// milliseconds of work whose latency matters: one claim query feeds dozens of requests, and an idle dispatcher
// polls one indexed query every WEBHOOK_POLL_INTERVAL. Any number of workers can run one each.
import pg from "pg";
import { startPollLoop, until } from "@/server/poll-loop";
import { claimDueTasks, type ClaimedTask } from "./claim-tasks";
import { attemptDelivery } from "./attempt-delivery";
import { recordAttempts, type AttemptRecord } from "./record-attempts";
import { webhookSettings } from "./settings";

type Log = (message: string, fields?: Record<string, unknown>) => void;

/** How often finished attempts are written while there are any. */
const FLUSH_MS = 20;

export type Dispatcher = { stop: () => Promise<void> };

export function startDispatcher({ log }: { log: Log }): Dispatcher {
  const concurrency = webhookSettings.concurrency();
  const pollMs = webhookSettings.pollMs();
  const leaseMs = Math.max(webhookSettings.leaseMs(), webhookSettings.timeoutMs() + 5_000);
  const perWebhook = Math.min(concurrency, webhookSettings.concurrencyPerWebhook());
  // Claims are batched: the loop claims again once half of the slots have freed up, not after every finished
  // attempt, so one claim query (a few ms under a backlog) feeds dozens of requests. Measured: claiming at a quarter
  // free spent most of a burst in claim queries (1,673 deliveries/s against 3,722 at half).
  const batch = Math.max(1, Math.floor(concurrency / 2));
  let inFlight = 0;
  const inFlightByWebhook = new Map<string, number>();
  let pending: AttemptRecord[] = [];

  async function attempt(task: ClaimedTask) {
    try {
      const record = await attemptDelivery({
        target: task,
        envelope: task.envelope,
        taskId: task.taskId,
        trigger: "event",
        attemptCount: task.attemptCount,
        storePayload: false,
      });
      // Pushed after the await: the flush loop swaps `pending` for a new array meanwhile.
      pending.push(record);
    } catch (error) {
      // Not a receiver's failure (e.g. an undecryptable secret): the lease brings the task back later.
      log("attempt failed before sending", { taskId: task.taskId, error: String(error) });
    } finally {
      inFlight--;
      const left = (inFlightByWebhook.get(task.webhookId) ?? 1) - 1;
      if (left > 0) inFlightByWebhook.set(task.webhookId, left);
      else inFlightByWebhook.delete(task.webhookId);
      if (concurrency - inFlight >= batch || inFlight === 0) claims.wake();
    }
  }

  // Claims whenever half of the slots are free, so requests keep flowing while earlier ones finish. New tasks
  // (the listener's notifications) wake it at once; a wake-up that arrives while it claims is kept (keepWake), so
  // the next nap returns at once.
  const claims = startPollLoop({
    idleMs: pollMs,
    keepWake: true,
    onError: (error) => log("claim failed", { error: String(error) }),
    step: async () => {
      const free = concurrency - inFlight;
      if (free < batch) return false;
      const room = Object.fromEntries(
        [...inFlightByWebhook].map(([webhookId, n]) => [webhookId, Math.max(0, perWebhook - n)]),
      );
      const tasks = await claimDueTasks({ limit: free, leaseMs, perWebhook, room });
      for (const task of tasks) {
        inFlight++;
        inFlightByWebhook.set(task.webhookId, (inFlightByWebhook.get(task.webhookId) ?? 0) + 1);
        void attempt(task);
      }
      return tasks.length >= free;
    },
  });
  const listener = listenForNewTasks(claims.wake, log);

  // Writes finished attempts in batches. A batch that cannot be written is retried record by record, so one bad
  // record never holds up the others; what still fails is dropped and logged, and its task's lease brings it back
  // for another attempt (at-least-once).
  async function flush() {
    const records = pending;
    pending = [];
    try {
      await recordAttempts(records);
    } catch (error) {
      log("recording a batch of attempts failed; recording them one by one", {
        count: records.length,
        error: String(error),
      });
      for (const record of records) {
        await recordAttempts([record]).catch((e: unknown) =>
          log("attempt not recorded; its task will be attempted again", {
            taskId: record.taskId,
            error: String(e),
          }),
        );
      }
    }
  }

  // Flushes every few milliseconds while there are outcomes to write.
  const flushes = startPollLoop({
    idleMs: FLUSH_MS,
    onError: (error) => log("flush failed", { error: String(error) }),
    step: async () => {
      if (pending.length === 0) return false;
      await flush();
      return true;
    },
  });

  return {
    async stop() {
      await claims.stop();
      // Attempts in flight still finish and are written before the dispatcher says it has stopped.
      await until(() => inFlight === 0, FLUSH_MS);
      await flushes.stop();
      if (pending.length > 0) await flush();
      await (await listener)?.end().catch(() => {});
    },
  };
}

/**
 * LISTEN for the fan-out trigger's notifications, so new tasks go out at once instead of at the next poll. Optional:
 * without it (a failed connection, or a database that does not forward notifications) polling still delivers.
 */
async function listenForNewTasks(wake: () => void, log: Log): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    client.on("notification", wake);
    client.on("error", (error) => log("listener lost; polling only", { error: String(error) }));
    await client.query("LISTEN webhook_tasks");
    return client;
  } catch (error) {
    log("LISTEN unavailable; polling only", { error: String(error) });
    await client.end().catch(() => {});
    return null;
  }
}
