// Sending engine settings, from the environment (docs/broadcasts.md, the SEND_* table). Read on use, so tests can
// set them.
import { parseDuration } from "@/server/config";

const duration = (name: string, fallback: string) => parseDuration(process.env[name] || fallback);

export const sendingSettings = {
  /** Batches (≤100 messages each) one worker has in flight at once. */
  concurrency: () => Math.max(1, Number(process.env.SEND_CONCURRENCY || 8)),
  /** How long a claimed batch stays hidden from other workers; a crashed worker's batches come back after it. */
  leaseMs: () => duration("SEND_LEASE", "2m"),
  pollMs: () => duration("SEND_POLL_INTERVAL", "250ms"),
  /** First wait after a transient failure; it doubles per attempt up to 30 minutes. */
  retryBaseMs: () => duration("SEND_RETRY_BASE", "5s"),
  /** How often a worker starts due scheduled broadcasts, completes finished ones and picks automatic A/B winners. */
  sweepMs: () => duration("SEND_SWEEP_INTERVAL", "1s"),
  /** Workspace ids whose batches this worker sends (comma-separated; empty: every workspace). Lets an operator
   *  dedicate workers to a large workspace. */
  workspaceIds: (): string[] | null => {
    const ids = (process.env.SEND_WORKSPACES || "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return ids.length ? ids : null;
  },
};
