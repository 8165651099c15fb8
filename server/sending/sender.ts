// The sending engine of a worker process: claims due batches (up to SEND_CONCURRENCY in flight) and sends each through
// the transport, and every second sweeps for due scheduled broadcasts, finished broadcasts and automatic A/B winners.
// Like the webhook dispatcher it runs beside pg-boss rather than as a pg-boss job: one claim query feeds several
// batches, and an idle engine costs one indexed query per poll. Any number of workers can run one each; batches are
// claimed with SKIP LOCKED and a lease, so two workers never hold the same batch.
import { startPollLoop, until } from "@/server/poll-loop";
import { transport } from "@/server/email/transports";
import type { Transport } from "@/server/email/transport";
import { claimBatches, type ClaimedBatch } from "./claim-batches";
import { sendBatch } from "./send-batch";
import { sendingSettings } from "./settings";
import { startDueBroadcasts } from "./start-due-broadcasts";
import { completeFinishedBroadcasts } from "./complete";
import { refreshSendProgress } from "./progress";
import { pickDueAbWinners } from "./ab-winner";

type Log = (message: string, fields?: Record<string, unknown>) => void;

export type Sender = { stop: () => Promise<void> };

export function startSender({
  log,
  workspaceIds = sendingSettings.workspaceIds(),
  out = transport(),
}: {
  log: Log;
  workspaceIds?: string[] | null;
  /** The transport (tests pass one; a worker uses EMAIL_TRANSPORT's). */
  out?: Transport;
}): Sender {
  const concurrency = sendingSettings.concurrency();
  const pollMs = sendingSettings.pollMs();
  const leaseMs = sendingSettings.leaseMs();
  const sweepMs = sendingSettings.sweepMs();
  let inFlight = 0;

  async function run(batch: ClaimedBatch) {
    try {
      const outcome = await sendBatch(batch, out);
      if (outcome !== "sent") log(`batch ${outcome}`, { broadcastId: batch.broadcastId, batchNo: batch.batchNo });
    } catch (error) {
      // Recording failed (e.g. the database went away): the lease brings the batch back, and the transport's
      // idempotency key makes the repeat a no-op at the provider.
      log("batch not recorded; it will be retried when its lease ends", {
        broadcastId: batch.broadcastId,
        batchNo: batch.batchNo,
        error: String(error),
      });
    } finally {
      inFlight--;
      claims.wake();
    }
  }

  // Claims as many batches as there are free slots; at once again when every slot was filled (there may be more),
  // otherwise after a poll or when a batch finishes and frees a slot.
  const claims = startPollLoop({
    idleMs: pollMs,
    onError: (error) => log("claim failed", { error: String(error) }),
    step: async () => {
      const free = concurrency - inFlight;
      if (free <= 0) return false;
      const batches = await claimBatches({ limit: free, leaseMs, workspaceIds });
      for (const batch of batches) {
        inFlight++;
        void run(batch);
      }
      return batches.length >= free;
    },
  });

  const sweeps = startPollLoop({
    idleMs: sweepMs,
    onError: (error) => log("sweep failed", { error: String(error) }),
    step: async () => {
      const started = await startDueBroadcasts(workspaceIds);
      if (started) log("started scheduled broadcasts", { count: started });
      await pickDueAbWinners(log, workspaceIds);
      await refreshSendProgress(workspaceIds);
      await completeFinishedBroadcasts();
      return false;
    },
  });

  return {
    async stop() {
      await Promise.all([claims.stop(), sweeps.stop()]);
      await until(() => inFlight === 0);
      await out.close?.();
    },
  };
}
