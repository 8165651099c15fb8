"use client";
// Horizontal bars, one per category, each labelled at its end ("25 · 100%"): the broadcast report's funnel and
// devices, the form analytics' field completion, traffic sources and devices. A category name too long for its
// column is cut with an ellipsis and shows whole on hover (the chart's table has it whole too).
import type { ReactNode } from "react";
import { Bar, BarChart, LabelList, Rectangle, Text, XAxis, YAxis, type BarShapeProps, type TextProps } from "recharts";
import { AXIS_TICK, barEndLabel } from "./chart-figure";

export type LabelledBar = {
  category: string;
  /** The bar's length, against `max`. */
  count: number;
  /** The figures written past the bar's end. */
  label: string;
};

/** Roughly the width of one character of the 11 px axis font. */
const CHAR_W = 6.2;

/** A label cut to `maxChars` with an ellipsis. */
export function fitLabel(label: string, maxChars: number): string {
  return label.length > maxChars ? `${label.slice(0, Math.max(1, maxChars - 1))}…` : label;
}

export function LabelledBars({
  rows,
  color,
  max,
  categoryWidth = 72,
  labelWidth = 112,
  children,
}: {
  rows: LabelledBar[];
  color: string;
  /** The count of a full-length bar (100 for percentages); the largest count when left out. */
  max?: number;
  /** Pixels for the category names left of the bars. */
  categoryWidth?: number;
  /** Pixels kept right of the longest bar for its label. */
  labelWidth?: number;
  /** Drawn inside the chart, e.g. the broadcast report's "drawn" marker. */
  children?: ReactNode;
}) {
  const maxChars = Math.max(4, Math.floor((categoryWidth - 8) / CHAR_W));
  return (
    <BarChart
      data={rows}
      layout="vertical"
      responsive
      style={{ width: "100%", height: "100%" }}
      margin={{ top: 4, right: labelWidth, bottom: 4, left: 0 }}
      barCategoryGap={10}
      accessibilityLayer={false}
    >
      <XAxis type="number" hide domain={[0, max ?? ((largest: number) => Math.max(1, largest))]} />
      <YAxis
        type="category"
        dataKey="category"
        tick={(props: TextProps & { payload?: { value?: unknown } }) => <CategoryTick {...props} maxChars={maxChars} />}
        tickLine={false}
        axisLine={false}
        width={categoryWidth}
      />
      <Bar
        dataKey="count"
        fill={color}
        radius={[0, 4, 4, 0]}
        // A lone bar stays a bar, not a block as tall as the chart.
        maxBarSize={24}
        // recharts drops a zero-length bar, label and all, unless the shape is its own: "0 · 0%" must still show.
        shape={(props: BarShapeProps) => <Rectangle {...props} />}
        isAnimationActive={false}
      >
        <LabelList dataKey="label" content={barEndLabel} />
      </Bar>
      {children}
    </BarChart>
  );
}

/** recharts' own tick text (same place and look) on one line, cut to fit, with the whole name as its hover title. */
function CategoryTick({
  maxChars,
  payload,
  // Without a width recharts' Text stays on one line: the name is cut to fit instead of wrapped onto two.
  width: _width,
  ...props
}: TextProps & { payload?: { value?: unknown }; maxChars: number }) {
  const name = String(payload?.value ?? "");
  const shown = fitLabel(name, maxChars);
  return (
    <g>
      {shown !== name && <title>{name}</title>}
      <Text {...props} {...AXIS_TICK}>
        {shown}
      </Text>
    </g>
  );
}
