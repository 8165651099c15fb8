// Opens and clicks per hour after sending, as an SVG bar chart: one small chart did not justify a charting library
// (recharts adds ~100 kB gzipped to the page). A table with the same figures follows for screen readers.
import { formatNumber } from "@/lib/format";

type Point = { hoursAfterSend: number; opens: number; clicks: number };

const W = 640;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 26, left: 40 };

/** A round axis maximum (1, 2, 5 × 10ⁿ) at or above `max`, so gridlines fall on readable numbers. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((m) => m * magnitude >= max) ?? 10) * magnitude;
}

/** The chart's last bar: a week after sending, which also holds everything later. */
export const LAST_HOUR = 167;

/**
 * Every hour from 0 to the last one with activity (at least 24, at most a week), gaps filled with zeros; activity
 * after the week is added to its last hour.
 */
export function hourlySeries(points: Point[]): Point[] {
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

export function EngagementChart({ points }: { points: Point[] }) {
  const series = hourlySeries(points);
  const top = niceMax(Math.max(...series.map((p) => Math.max(p.opens, p.clicks))));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / series.length;
  const bar = Math.max(1, slot * 0.38);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  // Counts are whole: a middle gridline only where it falls on a whole number.
  const ticks = Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
  const labelEvery = Math.ceil(series.length / 12);
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label="Opens and clicks by hour">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-slate-200" />
            <text x={PAD.left - 6} y={y(t) + 3} textAnchor="end" className="fill-slate-400 text-[10px]">
              {formatNumber(t)}
            </text>
          </g>
        ))}
        {series.map((p, i) => {
          const x = PAD.left + i * slot + (slot - 2 * bar) / 2;
          return (
            <g key={p.hoursAfterSend}>
              <title>{`Hour ${p.hoursAfterSend}: ${p.opens} opens, ${p.clicks} clicks`}</title>
              <rect x={x} y={y(p.opens)} width={bar} height={y(0) - y(p.opens)} className="fill-brand-500" />
              <rect x={x + bar} y={y(p.clicks)} width={bar} height={y(0) - y(p.clicks)} className="fill-emerald-500" />
              {i % labelEvery === 0 && (
                <text x={x + bar} y={H - 8} textAnchor="middle" className="fill-slate-400 text-[10px]">
                  {p.hoursAfterSend}h{p.hoursAfterSend === LAST_HOUR ? "+" : ""}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex gap-4 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-brand-500" /> Human opens
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-500" /> Clicks
        </span>
        <span>Hours after each recipient&apos;s send</span>
      </figcaption>
      <table className="sr-only">
        <caption>Opens and clicks by hour after sending</caption>
        <thead>
          <tr>
            <th>Hour</th>
            <th>Opens</th>
            <th>Clicks</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.hoursAfterSend}>
              <td>{p.hoursAfterSend}</td>
              <td>{p.opens}</td>
              <td>{p.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
