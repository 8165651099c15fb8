// Webhook delivery settings, from the environment (README, Configuration: the WEBHOOK_* rows; docs/webhooks.md).
// Read on use, so tests can set them.
import { parseDuration } from "@/server/config";

const duration = (name: string, fallback: string) => parseDuration(process.env[name] || fallback);
const count = (name: string, fallback: number) => Number(process.env[name] || fallback);

const DEFAULT_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h,14h,20h,24h";

export const webhookSettings = {
  /** Waits before each retry; the first attempt is immediate, so attempts = schedule length + 1. */
  retrySchedule: () => (process.env.WEBHOOK_RETRY_SCHEDULE || DEFAULT_RETRY_SCHEDULE).split(",").map(parseDuration),
  connectTimeoutMs: () => duration("WEBHOOK_CONNECT_TIMEOUT", "5s"),
  timeoutMs: () => duration("WEBHOOK_TIMEOUT", "15s"),
  /** How long a claimed task stays hidden from other dispatchers; a crashed worker's tasks come back after it. */
  leaseMs: () => duration("WEBHOOK_LEASE", "45s"),
  pollMs: () => duration("WEBHOOK_POLL_INTERVAL", "200ms"),
  concurrency: () => count("WEBHOOK_CONCURRENCY", 64),
  /** At most this many of one webhook's deliveries in flight per worker (default half): a slow endpoint cannot take
   *  every slot and hold up the other webhooks. */
  concurrencyPerWebhook: () =>
    count("WEBHOOK_CONCURRENCY_PER_WEBHOOK", Math.ceil(count("WEBHOOK_CONCURRENCY", 64) / 2)),
  disableAfterFailures: () => count("WEBHOOK_DISABLE_AFTER_FAILURES", 20),
  disableAfterMs: () => duration("WEBHOOK_DISABLE_AFTER", "5d"),
  maxResponseBytes: 64 * 1024,
  /** Hostnames or IP addresses that may be private (or plain http), e.g. "127.0.0.1,hooks.internal". */
  allowedHosts: () =>
    new Set(
      (process.env.WEBHOOK_ALLOWED_HOSTS || "")
        .split(",")
        .map((h) => normaliseHost(h.trim()))
        .filter(Boolean),
    ),
};

/** Lower case, without IPv6 brackets: how hosts are compared with the allow-list. */
export function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
}
