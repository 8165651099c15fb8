// Days and instants the API accepts: written in ISO 8601 and holdable by PostgreSQL. JavaScript's Date takes more
// than PostgreSQL does (year 0000, offsets up to ±23:59, years past 9999 once an offset is applied), so a value that
// parsed here used to fail inside the query as a 500; such values are refused at the edge with a 422 instead.
// One definition for every entry point: the shared query schemas (lib/schemas/common.ts), segment rule values and
// custom-field values of type date.

export const DAY_DETAIL = "Must be a calendar day written YYYY-MM-DD, from 0001-01-01 to 9999-12-31.";
export const INSTANT_DETAIL =
  "Must be an ISO 8601 date-time with seconds and a time zone (Z or ±hh:mm), such as 2026-11-22T09:30:00Z.";
const OFFSET_DETAIL = "The time zone offset must be within ±15:59.";
const RANGE_DETAIL = "Must fall between the years 0001 and 9999 (UTC).";

// PostgreSQL refuses UTC offsets of 16 hours or more (the widest real one is +14:00).
const MAX_OFFSET_HOURS = 15;
const MIN_TIME = Date.parse("0001-01-01T00:00:00.000Z");
const MAX_TIME = Date.parse("9999-12-31T23:59:59.999Z");

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** "YYYY-MM-DD" naming a day that exists, in the years 0001–9999 (PostgreSQL has no year 0000). */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whether a UTC offset of `hours`:`minutes` (absolute values) is one PostgreSQL accepts. */
export function isStorableOffset(hours: number, minutes: number): boolean {
  return hours <= MAX_OFFSET_HOURS && minutes <= 59;
}

export type ParsedInstant = { ok: true; date: Date } | { ok: false; detail: string };

/** An ISO 8601 date-time with an explicit zone, as a Date PostgreSQL can hold, or why not. */
export function parseInstant(text: string): ParsedInstant {
  const m = INSTANT.exec(text);
  if (!m) return { ok: false, detail: INSTANT_DETAIL };
  const [, day = "", hh, mm, ss, offsetHours, offsetMinutes] = m;
  if (!isCalendarDay(day) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) {
    return { ok: false, detail: INSTANT_DETAIL };
  }
  if (offsetHours !== undefined && !isStorableOffset(Number(offsetHours), Number(offsetMinutes))) {
    return { ok: false, detail: OFFSET_DETAIL };
  }
  const time = Date.parse(text);
  if (!(time >= MIN_TIME && time <= MAX_TIME)) return { ok: false, detail: RANGE_DETAIL };
  return { ok: true, date: new Date(time) };
}
