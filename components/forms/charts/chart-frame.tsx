// What every form chart shares: an SVG with a title and a description that screen readers announce, a legend, and
// the same figures as a table (visually hidden) for anyone who cannot see the drawing.
import { useId, type ReactNode } from "react";

export type ChartTable = { caption: string; head: string[]; rows: (string | number)[][] };

export const TONES = {
  brand: { stroke: "stroke-brand-500", fill: "fill-brand-500", area: "fill-brand-500/10", swatch: "bg-brand-500" },
  emerald: {
    stroke: "stroke-emerald-500",
    fill: "fill-emerald-500",
    area: "fill-emerald-500/10",
    swatch: "bg-emerald-500",
  },
  amber: { stroke: "stroke-amber-500", fill: "fill-amber-500", area: "fill-amber-500/10", swatch: "bg-amber-500" },
} as const;
export type Tone = keyof typeof TONES;

type ChartFrameProps = {
  title: string;
  description: string;
  viewBox: string;
  legend?: { label: string; tone: Tone }[];
  table: ChartTable;
  children: ReactNode;
};

export function ChartFrame({ title, description, viewBox, legend, table, children }: ChartFrameProps) {
  const id = useId();
  return (
    <figure className="min-w-0">
      <svg
        viewBox={viewBox}
        className="h-auto w-full overflow-visible"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {children}
      </svg>
      {legend && legend.length > 0 && (
        <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-500" aria-hidden="true">
          {legend.map((l) => (
            <span key={l.label} className="inline-flex items-center gap-1.5">
              <span className={`size-2.5 rounded-sm ${TONES[l.tone].swatch}`} /> {l.label}
            </span>
          ))}
        </figcaption>
      )}
      <table className="sr-only">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
