// The arithmetic of the form analytics charts, kept apart from the markup so it can be tested: round axis steps,
// which days get a label, and the SVG path of a line. These charts predate recharts in the project (the broadcast
// report and the home use it, components/broadcasts/analytics/); moving them over is a candidate clean-up.

export type AxisScale = { top: number; step: number; ticks: number[] };

const STEPS = [1, 2, 2.5, 5, 10];

/**
 * A y axis from 0 to a round top at or above `max`, in at most `maxTicks` equal steps of 1, 2, 2.5 or 5 × 10ⁿ.
 * `integer` axes (counts) never step by a fraction: 3 views get ticks 0, 1, 2, 3, not 0, 0.5, … 3.
 */
export function niceScale(max: number, { maxTicks = 4, integer = false } = {}): AxisScale {
  const target = max > 0 && Number.isFinite(max) ? max : 1;
  const rough = target / maxTicks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = (STEPS.find((s) => s * magnitude >= rough) ?? 10) * magnitude;
  if (integer) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(target / step - 1e-9) * step;
  const count = Math.round(top / step);
  // Rounded to the step's precision: 0.1 + 0.2 style float noise must not reach the labels.
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  return { top: Number(top.toPrecision(12)), step, ticks };
}

/**
 * Which of `n` points get an x-axis label: at most `maxLabels`, evenly spaced, always the first and the last
 * (the range's ends are what a reader looks for), and the last gap never shorter than the others.
 */
export function labelIndexes(n: number, maxLabels = 7): number[] {
  if (n <= 0) return [];
  if (n <= maxLabels) return Array.from({ length: n }, (_, i) => i);
  const every = Math.ceil((n - 1) / (maxLabels - 1));
  const picked: number[] = [];
  for (let i = 0; i < n - 1; i += every) picked.push(i);
  // The final label is drawn ending at its point (text-anchor end), so a regular label less than a full gap before
  // it would collide with it: drop that one (the last gap is then between one and two regular gaps).
  if (picked.length > 1 && n - 1 - picked[picked.length - 1]! < every) picked.pop();
  picked.push(n - 1);
  return picked;
}

/** `value` as a y coordinate in a plot `height` high starting at `top` (0 at the bottom). */
export const yOf = (value: number, scaleTop: number, top: number, height: number) =>
  top + height - (Math.max(0, value) / (scaleTop || 1)) * height;

/** The x of point `i` of `n` spread across `width` from `left` (a single point sits in the middle). */
export const xOf = (i: number, n: number, left: number, width: number) =>
  n <= 1 ? left + width / 2 : left + (i / (n - 1)) * width;

/** An SVG path through the points ("M x y L x y …"), coordinates rounded to tenths to keep the markup small. */
export function linePath(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? "L" : "M"}${round1(p.x)} ${round1(p.y)}`).join("");
}

/** The area under a line down to `baseline`, for a light fill beneath it. */
export function areaPath(points: { x: number; y: number }[], baseline: number): string {
  if (points.length === 0) return "";
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `${linePath(points)}L${round1(last.x)} ${round1(baseline)}L${round1(first.x)} ${round1(baseline)}Z`;
}

/** `part` as a percent of `whole` (0 when there is no whole), two decimals like the API's rates. */
export function percentOf(part: number, whole: number): number {
  if (!whole) return 0;
  return Math.round((part / whole) * 10_000) / 100;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en", { month: "short", year: "numeric", timeZone: "UTC" });

/** An axis label for a YYYY-MM-DD day: "Mar 4"; over long ranges the month ("Mar 2026") reads better. */
export function formatDay(day: string, long = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (long ? monthFormat : dayFormat).format(date);
}
