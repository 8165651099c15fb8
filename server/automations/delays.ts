// When a delay step ends, computed from the moment the run reached it (stepEnteredAt), so taking the step again (a
// retry, a second worker, a version move) gives the same answer. Times of day are read in the contact's zone (the
// workspace's zone when the contact has none or an unknown one). Pure: the runner passes the clock.
import type { Delay } from "@/lib/schemas/automations";
import { instantInZone, isTimeZone } from "@/lib/time-zones";
import { wallTimeIn } from "@/lib/zoned-time";

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 7 * 86_400_000 } as const;

export function durationMs(d: { amount: number; unit: keyof typeof UNIT_MS }): number {
  return d.amount * UNIT_MS[d.unit];
}

export function contactZone(contactZone: string | null | undefined, workspaceZone: string | null | undefined): string {
  if (isTimeZone(contactZone)) return contactZone;
  return isTimeZone(workspaceZone) ? workspaceZone : "UTC";
}

/** YYYY-MM-DD plus `days` calendar days. */
function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
function isoWeekday(localDate: string): number {
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The instant the delay ends for a run that reached it at `enteredAt`. duration: that long after (days and weeks are
 * 24-hour days). until_time: the first `time` at or after `enteredAt` in `zone`, on one of `weekdays` when given.
 * until_date: the date field's day plus offsetDays at `time` in `zone`; an empty or unreadable field ends it at once.
 */
export function delayEnd(delay: Delay, enteredAt: Date, zone: string, fields: Record<string, unknown>): Date {
  switch (delay.mode) {
    case "duration":
      return new Date(enteredAt.getTime() + durationMs(delay));
    case "until_time": {
      const today = wallTimeIn(enteredAt, zone).localDate;
      // Up to 8 days ahead: any set of weekdays has one within a week, and day 0 may already be past the time.
      for (let d = 0; d <= 8; d++) {
        const day = addDays(today, d);
        if (delay.weekdays && !delay.weekdays.includes(isoWeekday(day))) continue;
        const at = instantInZone(day, delay.time, zone);
        if (at.getTime() >= enteredAt.getTime()) return at;
      }
      return enteredAt; // unreachable with a valid definition
    }
    case "until_date": {
      const value = fields[delay.field.slice("fields.".length)];
      const day = typeof value === "string" ? /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1] : undefined;
      if (!day) return enteredAt;
      return instantInZone(addDays(day, delay.offsetDays ?? 0), delay.time ?? "09:00", zone);
    }
  }
}
