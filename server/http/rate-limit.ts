// Per-key fixed-window rate limit, kept in the web process's memory. With several web processes each keeps its own
// window (README, Running at scale); the limit exists to stop runaway clients, not to meter billing.
import { rateLimits } from "@/server/config";

type Window = { start: number; count: number };
const windows = new Map<string, Window>();

export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

/**
 * One request of `key` (or `cost` units of it, e.g. one per address of a test email); the window and limit are the
 * keyed API's unless given (public forms have their own). A refused request takes nothing from the window.
 */
export function takeToken(
  key: string,
  now = Date.now(),
  { limit, windowMs, cost = 1 }: { limit: number; windowMs: number; cost?: number } = {
    limit: rateLimits.perKey(),
    windowMs: rateLimits.windowMs(),
  },
): RateLimitResult {
  let w = windows.get(key);
  if (!w || now - w.start >= windowMs) {
    w = { start: now, count: 0 };
    windows.set(key, w);
    if (windows.size > 10_000) pruneExpired(now, windowMs);
  }
  const allowed = w.count + cost <= limit;
  if (allowed) w.count += cost;
  const resetSeconds = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
  return { allowed, limit, remaining: Math.max(0, limit - w.count), resetSeconds };
}

function pruneExpired(now: number, windowMs: number) {
  for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
}

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(r.resetSeconds),
  };
}
