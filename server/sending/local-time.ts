// Wall-clock times in IANA zones, for subscriber-time-zone sends: "2026-12-01 09:00 in Asia/Tokyo" as an instant.
// Intl knows every zone PostgreSQL and the browser know; no zone data of our own.

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

const formatters = new Map<string, Intl.DateTimeFormat>();
function offsetMinutes(zone: string, at: Date): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which it is `localDate` (YYYY-MM-DD) `localTime` (HH:MM) in `zone`. A time skipped by a
 * daylight-saving jump resolves to the same wall time after the jump (as calendars do); an ambiguous one to its
 * first occurrence.
 */
export function instantInZone(localDate: string, localTime: string, zone: string): Date {
  const [y, mo, d] = localDate.split("-").map(Number) as [number, number, number];
  const [h, mi] = localTime.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset around a transition; take the earlier candidate that reads back as the wall time.
  const first = wall - offsetMinutes(zone, new Date(wall)) * 60_000;
  const second = wall - offsetMinutes(zone, new Date(first)) * 60_000;
  const candidates = [first, second].sort((a, b) => a - b);
  for (const c of candidates) {
    if (c + offsetMinutes(zone, new Date(c)) * 60_000 === wall) return new Date(c);
  }
  return new Date(Math.max(first, second));
}

/** The zone where a wall-clock time comes first (UTC+14): a subscriber-mode send starts at its moment there. */
export const EARLIEST_ZONE = "Pacific/Kiritimati";
