// The analytics page's range: what the picker holds, how it reads from and writes to the page URL (so a range can be
// bookmarked or shared), and the words the tiles use for it. The API's query schema stays the judge of validity.
export const PRESETS = [
  { range: "7d", label: "7 days", long: "Last 7 days" },
  { range: "30d", label: "30 days", long: "Last 30 days" },
  { range: "90d", label: "90 days", long: "Last 90 days" },
  { range: "1y", label: "12 months", long: "Last 12 months" },
] as const;

export type PresetRange = (typeof PRESETS)[number]["range"];
export type AnalyticsRange = { range: PresetRange } | { range: "custom"; from: string; to: string };

export const DEFAULT_RANGE: AnalyticsRange = { range: "30d" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in a page URL's search params; anything unreadable is the default (the page never fails on a URL). */
export function rangeFromParams(params: Record<string, string | string[] | undefined>): AnalyticsRange {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : undefined);
  const range = one("range");
  const preset = PRESETS.find((p) => p.range === range);
  if (preset) return { range: preset.range };
  const from = one("from");
  const to = one("to");
  if (range === "custom" && from && to && DAY.test(from) && DAY.test(to) && from <= to) {
    return { range: "custom", from, to };
  }
  return DEFAULT_RANGE;
}

/** The query string of a range (the default has none, so the plain page URL stays clean). */
export function rangeSearch(r: AnalyticsRange): string {
  if (r.range === "custom") return `?range=custom&from=${r.from}&to=${r.to}`;
  return r.range === DEFAULT_RANGE.range ? "" : `?range=${r.range}`;
}

/** The range as the analytics query (strings, as a URL would carry them). */
export function rangeQuery(r: AnalyticsRange): { range: AnalyticsRange["range"]; from?: string; to?: string } {
  return r.range === "custom" ? { range: "custom", from: r.from, to: r.to } : { range: r.range };
}

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Last 30 days", or "Mar 1, 2026 – Mar 20, 2026" for a custom range. */
export function rangeLabel(r: AnalyticsRange): string {
  if (r.range !== "custom") return PRESETS.find((p) => p.range === r.range)!.long;
  const f = (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`));
  return r.from === r.to ? f(r.from) : `${f(r.from)} – ${f(r.to)}`;
}

/** What a custom range's two inputs are missing, or null when they make a range. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!DAY.test(from) || !DAY.test(to)) return "Pick both days.";
  if (from > to) return "The last day must not be before the first.";
  return null;
}
