// The report charts' data, shaped from the analytics body: pure, unit-tested, shared by each chart and the table
// that gives screen readers the same figures.
import type { BroadcastAnalytics, BroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";

export type HourPoint = { hoursAfterSend: number; opens: number; clicks: number };

/** The engagement chart's last bar: a week after sending, which also holds everything later. */
export const LAST_HOUR = 167;

/**
 * Every hour from 0 to the last one with activity (at least 24, at most a week), gaps filled with zeros; activity
 * after the week is added to its last hour, so a late straggler does not stretch the axis to months.
 */
export function hourlySeries(points: HourPoint[]): HourPoint[] {
  const last = Math.min(LAST_HOUR, Math.max(23, ...points.map((p) => p.hoursAfterSend)));
  const series = Array.from({ length: last + 1 }, (_, h) => ({ hoursAfterSend: h, opens: 0, clicks: 0 }));
  for (const p of points) {
    const slot = series[Math.min(Math.max(p.hoursAfterSend, 0), last)];
    if (!slot) continue;
    slot.opens += p.opens;
    slot.clicks += p.clicks;
  }
  return series;
}

export const hourLabel = (h: number) => `${h}h${h === LAST_HOUR ? "+" : ""}`;

export type FunnelRow = {
  stage: string;
  count: number;
  /** Share of the first stage (sent), percent. */ share: number;
};

/** Each stage with its share of those sent. */
export function funnelRows(funnel: BroadcastAnalytics["deliveryFunnel"]): FunnelRow[] {
  const first = funnel[0]?.count ?? 0;
  return funnel.map((s) => ({ stage: s.stage, count: s.count, share: first > 0 ? (s.count / first) * 100 : 0 }));
}

/** How the pixel loads split: people, Apple's proxy (within the human count) and machines, with their shares. */
export function openBreakdown(s: Pick<BroadcastStatsBody, "totalOpens" | "machineOpens" | "humanOpens">) {
  const share = (n: number) => (s.totalOpens > 0 ? (n / s.totalOpens) * 100 : 0);
  return { machineShare: share(s.machineOpens), humanShare: share(s.humanOpens) };
}
