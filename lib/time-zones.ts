// Wall-clock times in IANA zones: "2026-12-01 09:00 in Asia/Tokyo" as an instant, and whether a zone exists. A
// neutral home: subscriber-time sends, scheduling and form submissions all read it. Intl knows every zone
// PostgreSQL and the browser know; no zone data of our own.
import { instantInZone as zonedInstant } from "@/lib/zoned-time";

/** Whether `zone` is an IANA time zone name this runtime knows. */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant at which it is `localDate` (YYYY-MM-DD) `localTime` (HH:MM) in `zone`: the arithmetic of
 * lib/zoned-time.ts, which the schedule dialog runs in the browser, so both sides agree on every transition (a skipped
 * time resolves to the same wall time after the jump, an ambiguous one to its first occurrence). Callers pass
 * validated values; an unreadable one is a programming error.
 */
export function instantInZone(localDate: string, localTime: string, zone: string): Date {
  const at = zonedInstant(localDate, localTime, zone);
  if (!at) throw new Error(`Cannot read ${localDate} ${localTime} in ${zone}`);
  return at;
}

/** The zone where a wall-clock time comes first (UTC+14): a subscriber-mode send starts at its moment there. */
export const EARLIEST_ZONE = "Pacific/Kiritimati";
