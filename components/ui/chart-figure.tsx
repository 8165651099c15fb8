// A chart with its text alternative: the drawing is one image with a short label for screen readers, and a
// visually hidden table right after it carries every figure the chart shows. Every chart of the dashboard (the home's
// audience growth, the broadcast report, the form analytics) is recharts inside one of these.
import type { ReactNode } from "react";

export type SrColumn<R> = { header: string; cell: (row: R) => ReactNode };

export function ChartFigure<R>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowHeaders = false,
  height,
  children,
  legend,
}: {
  /** What the drawing shows, in a sentence (the image's accessible name). */
  label: string;
  /** The hidden table's caption. */
  caption: string;
  columns: SrColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  /** The first column names each row (a day, a field): its cells are row headers. */
  rowHeaders?: boolean;
  height: number;
  children: ReactNode;
  legend?: ReactNode;
}) {
  return (
    <figure className="relative min-w-0">
      <div role="img" aria-label={`${label} The figures are in the table that follows.`} style={{ height }}>
        {children}
      </div>
      {legend && <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-500">{legend}</figcaption>}
      {/* sr-only on a wrapper, not on the table: a table box takes its content's width whatever its own width says,
          and an sr-only table stuck out past a phone's screen, widening the whole page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)}>
                {columns.map((c, i) =>
                  rowHeaders && i === 0 ? (
                    <th key={c.header} scope="row">
                      {c.cell(r)}
                    </th>
                  ) : (
                    <td key={c.header}>{c.cell(r)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function LegendSwatch({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: color }} />
      {children}
    </span>
  );
}

/** The palette of the report's charts (Tailwind's brand-500, emerald-500, amber-500, slate-400). */
export const CHART_COLORS = { opens: "#6366f1", clicks: "#10b981", warn: "#f59e0b", muted: "#94a3b8" };
export const AXIS_TICK = { fontSize: 11, fill: "#64748b" };

/**
 * A horizontal bar's label just past its end, on one line (recharts' own label wraps at spaces when the margin is
 * narrow, splitting "99,812 · 100%" over two lines).
 */
export function barEndLabel(props: { viewBox?: unknown; value?: unknown }) {
  const box = props.viewBox as { x?: number; y?: number; width?: number; height?: number } | undefined;
  if (box?.x === undefined || box.y === undefined) return <g />;
  return (
    <text
      x={box.x + (box.width ?? 0) + 6}
      y={box.y + (box.height ?? 0) / 2}
      dominantBaseline="central"
      fontSize={12}
      fill="#334155"
    >
      {String(props.value ?? "")}
    </text>
  );
}
