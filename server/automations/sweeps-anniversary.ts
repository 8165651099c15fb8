// The date_anniversary trigger's arithmetic: is a contact's date (a birthday, a renewal) today in their zone, and has
// the chosen time of day passed there? Pure; server/automations/sweeps.ts runs it every few minutes over the contacts
// whose date falls near today and enters those it says are due, once per local year (the year is the entry key).
import { wallTimeIn } from "@/lib/zoned-time";
import { isTimeZone } from "@/lib/time-zones";

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The zone a contact's times are read in: their own when it is a zone this runtime knows, else the workspace's. */
export function contactZone(contactZone: string | null | undefined, workspaceZone: string | null | undefined): string {
  if (isTimeZone(contactZone)) return contactZone;
  return isTimeZone(workspaceZone) ? workspaceZone : "UTC";
}

/**
 * The entry key (the local year, "2026") when the anniversary of `value` (YYYY-MM-DD…) is today in `zone` and it is
 * `time` (HH:MM) or later there; null otherwise (not today, too early, or no readable date). A 29 February date
 * is celebrated on 28 February in other years.
 */
export function anniversaryDue(value: unknown, zone: string, time: string, now: Date): string | null {
  const date = typeof value === "string" ? DATE.exec(value) : null;
  if (!date) return null;
  const { localDate, localTime } = wallTimeIn(now, zone);
  const year = Number(localDate.slice(0, 4));
  let monthDay = `${date[2]}-${date[3]}`;
  if (monthDay === "02-29" && !isLeap(year)) monthDay = "02-28";
  if (localDate.slice(5) !== monthDay || localTime < time) return null;
  return String(year);
}

/**
 * The month-days (MM-DD) that are today somewhere on Earth at `now` (UTC−12 … UTC+14 spans three UTC dates), plus
 * 02-29 whenever 02-28 is one of them: the sweep's set-based prefilter, before anniversaryDue decides per contact.
 */
export function candidateMonthDays(now: Date): string[] {
  const days = new Set<string>();
  for (const shift of [-1, 0, 1]) days.add(new Date(now.getTime() + shift * DAY_MS).toISOString().slice(5, 10));
  if (days.has("02-28")) days.add("02-29");
  return [...days].sort();
}
