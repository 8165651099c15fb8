"use client";
// What every form chart shares: an SVG with a title and a description that screen readers announce, a legend, and
// the same figures as a table (visually hidden) for anyone who cannot see the drawing. The SVG is drawn at the pixel
// width it gets (measured), not scaled from a fixed viewBox: scaled, a chart's 11 px labels shrank to 7 px in a
// third-width panel and grew to 15 px across the page.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

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
  /** Height in px; the width is the container's. */
  height: number;
  legend?: { label: string; tone: Tone }[];
  table: ChartTable;
  /** Draws the chart for a width in px. */
  children: (width: number) => ReactNode;
};

/** The server (and the first client render, so hydration matches) draws at this width until it is measured. */
const FALLBACK_WIDTH = 640;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function ChartFrame({ title, description, height, legend, table, children }: ChartFrameProps) {
  const id = useId();
  const [ref, width] = useWidth();
  return (
    <figure className="min-w-0">
      <div ref={ref}>
        <svg
          width="100%"
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block overflow-visible"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {children(width)}
        </svg>
      </div>
      {legend && legend.length > 0 && (
        <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-500" aria-hidden="true">
          {legend.map((l) => (
            <span key={l.label} className="inline-flex items-center gap-1.5">
              <span className={`size-2.5 rounded-sm ${TONES[l.tone].swatch}`} /> {l.label}
            </span>
          ))}
        </figcaption>
      )}
      {/* The wrapper is what hides: a table ignores the 1 px height of sr-only, and a year of rows made the page
          thousands of pixels taller. */}
      <div className="sr-only">
        <table>
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
      </div>
    </figure>
  );
}
