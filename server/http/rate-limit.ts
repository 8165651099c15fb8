// Per-key fixed-window rate limit, kept in the web process's memory. With several web processes each keeps its own
// window (documented in the README); the limit exists to stop runaway clients, not to meter billing.
import { rateLimits } from "@/server/config";

type Window = { start: number; count: number };
const windows = new Map<string, Window>();

export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

/** One request of `key`; the window and limit are the keyed API's unless given (public forms have their own). */
export function takeToken(
  key: string,
  now = Date.now(),
  { limit, windowMs } = { limit: rateLimits.perKey(), windowMs: rateLimits.windowMs() },
): RateLimitResult {
  let w = windows.get(key);
  if (!w || now - w.start >= windowMs) {
    w = { start: now, count: 0 };
    windows.set(key, w);
    if (windows.size > 10_000) pruneExpired(now, windowMs);
  }
  w.count++;
  const resetSeconds = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
  return { allowed: w.count <= limit, limit, remaining: Math.max(0, limit - w.count), resetSeconds };
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
