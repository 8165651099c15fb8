// Wall-clock times in IANA zones for the browser: the schedule dialog turns "2026-12-01 09:00 in Asia/Tokyo" into the
// instant it sends to the API, and shows that instant in the user's own zone. The server's subscriber-time sends use
// the same function (lib/time-zones.ts); Intl carries the zone data on both sides.

const DAY_MS = 24 * 3600_000;
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
 * The instant at which it is `localDate` (YYYY-MM-DD) `localTime` (HH:MM) in `zone`, or null when the date, time or
 * zone cannot be read. A time skipped by a daylight-saving jump resolves to the same wall time after the jump; an
 * ambiguous one to its first occurrence.
 */
export function instantInZone(localDate: string, localTime: string, zone: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDate);
  const time = /^(\d{2}):(\d{2})$/.exec(localTime);
  if (!date || !time) return null;
  const wall = Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +time[1]!, +time[2]!);
  try {
    // The offsets a day either side bracket any transition near the wall time: a wall time that reads back under
    // both is ambiguous (take the earlier), under neither was skipped (take the later, i.e. after the jump).
    const candidates = [wall - DAY_MS, wall + DAY_MS]
      .map((probe) => wall - offsetMinutes(zone, new Date(probe)) * 60_000)
      .sort((a, b) => a - b);
    const valid = candidates.find((c) => c + offsetMinutes(zone, new Date(c)) * 60_000 === wall);
    return new Date(valid ?? candidates[1]!);
  } catch {
    return null; // an unknown zone
  }
}

/** The date (YYYY-MM-DD) and time (HH:MM) an instant reads as in `zone`. */
export function wallTimeIn(at: Date, zone: string): { localDate: string; localTime: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { localDate: `${p.year}-${p.month}-${p.day}`, localTime: `${p.hour}:${p.minute}` };
}

/** The zone the browser (or server) runs in; UTC when the runtime does not say. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
