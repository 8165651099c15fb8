// Horizontal bars with their labels and figures (field completion, traffic sources, devices): each bar a share of
// `max` (100 % for rates, the largest count otherwise), drawn in SVG with the figures as text beside it.
import { ChartFrame, TONES, type Tone } from "./chart-frame";

export type Bar = { label: string; value: number; detail: string };

const ROW = 28;
/** Roughly the width of one 12 px character, to cut labels to their column. */
const CHAR_W = 6.6;

type BarChartProps = {
  title: string;
  description: string;
  bars: Bar[];
  /** The value of a full-width bar; defaults to the largest value. */
  max?: number;
  tone?: Tone;
  /** The table's column heads: label, then the detail. */
  head: [string, string];
};

/** A label cut to what fits beside its bar (the full text stays in the tooltip and the table). */
export function fitLabel(label: string, maxChars = 26): string {
  return label.length > maxChars ? `${label.slice(0, maxChars - 1)}…` : label;
}

export function BarChart({ title, description, bars, max, tone = "brand", head }: BarChartProps) {
  const full = max ?? Math.max(1, ...bars.map((b) => b.value));
  const H = Math.max(1, bars.length) * ROW;
  // The figures column fits the longest figure; labels get up to a third of the width.
  const detailW = Math.ceil(Math.max(0, ...bars.map((b) => b.detail.length)) * CHAR_W) + 12;
  return (
    <ChartFrame
      title={title}
      description={description}
      height={H}
      table={{ caption: title, head, rows: bars.map((b) => [b.label, b.detail]) }}
    >
      {(W) => {
        const labelW = Math.min(170, Math.round(W / 3));
        const barW = Math.max(20, W - labelW - detailW);
        const chars = Math.max(4, Math.floor((labelW - 8) / CHAR_W));
        return bars.map((b, i) => {
          const width = full > 0 ? Math.min(1, Math.max(0, b.value / full)) * barW : 0;
          const mid = i * ROW + ROW / 2;
          return (
            <g key={b.label}>
              <title>{`${b.label}: ${b.detail}`}</title>
              <text x={0} y={mid + 4} className="fill-slate-700 text-[12px]">
                {fitLabel(b.label, chars)}
              </text>
              <rect x={labelW} y={mid - 5} width={barW} height={10} rx={5} className="fill-slate-100" />
              {width > 0 && (
                <rect
                  x={labelW}
                  y={mid - 5}
                  width={Math.max(width, 10)}
                  height={10}
                  rx={5}
                  className={TONES[tone].fill}
                />
              )}
              <text x={W} y={mid + 4} textAnchor="end" className="fill-slate-500 text-[12px] tabular-nums">
                {b.detail}
              </text>
            </g>
          );
        });
      }}
    </ChartFrame>
  );
}
