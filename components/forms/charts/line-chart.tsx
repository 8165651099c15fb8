// Values per day as lines over a shaded area (views and submissions over time, the conversion trend). Each day has
// an invisible hover strip whose tooltip gives that day's figures, so a 365-point year stays readable.
import { ChartFrame, TONES, type Tone } from "./chart-frame";
import { areaPath, formatDay, labelIndexes, linePath, niceScale, xOf, yOf } from "./scale";

export type LineSeries = { label: string; tone: Tone; values: number[] };

const H = 200;
const PAD = { top: 10, right: 8, bottom: 24, left: 44 };
/** Room for one day label ("Mar 14" / "Mar 2026") with space around it. */
const LABEL_SPACING = 72;

type LineChartProps = {
  title: string;
  description: string;
  /** YYYY-MM-DD, one per point of every series. */
  days: string[];
  series: LineSeries[];
  format: (value: number) => string;
  /** Count axes step by whole numbers. */
  integer?: boolean;
};

export function LineChart({ title, description, days, series, format, integer = false }: LineChartProps) {
  const n = days.length;
  const plotH = H - PAD.top - PAD.bottom;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const scale = niceScale(max, { integer });
  const y = (v: number) => yOf(v, scale.top, PAD.top, plotH);
  const long = n > 120;
  return (
    <ChartFrame
      title={title}
      description={description}
      height={H}
      legend={series.length > 1 ? series.map((s) => ({ label: s.label, tone: s.tone })) : undefined}
      table={{
        caption: title,
        head: ["Day", ...series.map((s) => s.label)],
        rows: days.map((d, i) => [d, ...series.map((s) => format(s.values[i] ?? 0))]),
      }}
    >
      {(W) => {
        const plotW = W - PAD.left - PAD.right;
        const x = (i: number) => xOf(i, n, PAD.left, plotW);
        const strip = n > 1 ? plotW / (n - 1) : plotW;
        const labels = labelIndexes(n, Math.max(2, Math.floor(plotW / LABEL_SPACING)));
        return (
          <>
            {scale.ticks.map((t) => (
              <g key={t}>
                <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-slate-200" />
                <text x={PAD.left - 6} y={y(t) + 3} textAnchor="end" className="fill-slate-400 text-[11px]">
                  {format(t)}
                </text>
              </g>
            ))}
            {labels.map((i) => (
              <text
                key={days[i]}
                x={x(i)}
                y={H - 8}
                textAnchor={n > 1 && i === 0 ? "start" : n > 1 && i === n - 1 ? "end" : "middle"}
                className="fill-slate-400 text-[11px]"
              >
                {formatDay(days[i]!, long)}
              </text>
            ))}
            {series.map((s) => {
              const points = s.values.slice(0, n).map((v, i) => ({ x: x(i), y: y(v) }));
              return (
                <g key={s.label}>
                  <path d={areaPath(points, y(0))} className={TONES[s.tone].area} />
                  <path
                    d={linePath(points)}
                    fill="none"
                    strokeWidth={1.75}
                    strokeLinejoin="round"
                    className={TONES[s.tone].stroke}
                  />
                  {n === 1 && <circle cx={points[0]?.x} cy={points[0]?.y} r={3} className={TONES[s.tone].fill} />}
                </g>
              );
            })}
            {days.map((d, i) => (
              <rect
                key={d}
                x={Math.max(PAD.left, x(i) - strip / 2)}
                y={PAD.top}
                width={strip}
                height={plotH}
                fill="transparent"
                className="hover:fill-slate-900/5"
              >
                <title>{`${formatDay(d)}: ${series.map((s) => `${format(s.values[i] ?? 0)} ${s.label.toLowerCase()}`).join(", ")}`}</title>
              </rect>
            ))}
          </>
        );
      }}
    </ChartFrame>
  );
}
