// When the next automatic attempt of a failed delivery is due, or null once the schedule is spent.
import { webhookSettings } from "./settings";

/** Retry-After is honoured up to this long; beyond it, the schedule's own wait applies. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * `attemptCount` attempts have been made (1 after the first). The wait is the schedule's entry with ±20 % jitter
 * (so retries of many failed deliveries do not arrive at a recovering receiver all at once), and never shorter than
 * the receiver's Retry-After.
 */
export function retryDelayMs(attemptCount: number, retryAfterMs: number | null, random = Math.random): number | null {
  const schedule = webhookSettings.retrySchedule();
  const base = schedule[attemptCount - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}
