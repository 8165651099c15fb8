// Figures and day labels of the form analytics page (the charts are recharts, see
// app/(dashboard)/forms/[id]/analytics/_components).

/** `part` as a percent of `whole` (0 when there is no whole), two decimals like the API's rates. */
export function percentOf(part: number, whole: number): number {
  if (!whole) return 0;
  return Math.round((part / whole) * 10_000) / 100;
}

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en", { month: "short", year: "numeric", timeZone: "UTC" });

/** An axis label for a YYYY-MM-DD day: "Mar 4"; over long ranges the month ("Mar 2026") reads better. */
export function formatDay(day: string, long = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (long ? monthFormat : dayFormat).format(date);
}
