// The audience growth chart's days, from per-day counts: pure, so the walk back from today's count is unit-tested.
import type { GrowthDay } from "@/lib/broadcast-report";

export type DayCounts = { day: string; added: number; subscribed: number; unsubscribed: number };

const DAY_MS = 86_400_000;

/** The `days` UTC days ending with `today` (YYYY-MM-DD), oldest first. */
export function dayRange(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Subscribed contacts at the end of each day, walked back from the count now: the day before holds what the day
 * after did not yet add (moves into subscribed) and still held what it lost (unsubscribes). Days without rows are
 * zeros; rows outside the range are ignored. The walk never goes below zero (moves the timeline does not record,
 * such as a hard bounce's suppression, could otherwise push an early day negative).
 */
export function growthSeries({
  today,
  days,
  subscribedNow,
  counts,
}: {
  today: string;
  days: number;
  subscribedNow: number;
  counts: DayCounts[];
}): GrowthDay[] {
  const byDay = new Map(counts.map((c) => [c.day, c]));
  const range = dayRange(today, days);
  const out: GrowthDay[] = new Array(range.length);
  let atEndOfDay = subscribedNow;
  for (let i = range.length - 1; i >= 0; i--) {
    const day = range[i]!;
    const c = byDay.get(day);
    out[i] = { day, subscribed: Math.max(0, atEndOfDay), added: c?.added ?? 0, unsubscribed: c?.unsubscribed ?? 0 };
    atEndOfDay -= (c?.subscribed ?? 0) - (c?.unsubscribed ?? 0);
  }
  return out;
}
