// Automation engine settings, from the environment (docs/automations.md, the AUTOMATION_* table). Read on use, so
// tests can set them.
import { parseDuration } from "@/server/config";

const duration = (name: string, fallback: string) => parseDuration(process.env[name] || fallback);

export const automationSettings = {
  /** How often an idle runner looks for due runs (a busy one claims again at once). */
  pollMs: () => duration("AUTOMATION_POLL_INTERVAL", "250ms"),
  /** How long claimed runs stay hidden from other workers; a crashed worker's runs come back after it. */
  leaseMs: () => duration("AUTOMATION_LEASE", "2m"),
  /** Runs claimed at once: also the most one email step's transaction takes (a few ≤100 batches). */
  claimSize: () => Math.max(1, Number(process.env.AUTOMATION_CLAIM_SIZE || 500)),
  /** A step that keeps failing is retried after 30 s, doubling up to 1 hour, and the run exits after this many. */
  maxAttempts: () => Math.max(1, Number(process.env.AUTOMATION_MAX_ATTEMPTS || 8)),
  retryBaseMs: () => duration("AUTOMATION_RETRY_BASE", "30s"),
  /** Workspace ids whose runs this worker takes (comma-separated; empty: every workspace), like SEND_WORKSPACES. */
  workspaceIds: (): string[] | null => {
    const ids = (process.env.AUTOMATION_WORKSPACES || process.env.SEND_WORKSPACES || "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return ids.length ? ids : null;
  },
};
