"use client";
// Horizontal bars, one per category, each labelled at its end ("25 · 100%"): the funnel and the device chart.
import { Bar, BarChart, LabelList, XAxis, YAxis } from "recharts";
import { AXIS_TICK, barEndLabel } from "./chart-figure";
import { ReportDrawn } from "./charts-ready";

export type LabelledBar = { category: string; count: number; label: string };

export function LabelledBars({
  rows,
  color,
  name,
}: {
  rows: LabelledBar[];
  color: string;
  /** The chart's name for the report's "all charts drew" marker. */
  name: string;
}) {
  return (
    <BarChart
      data={rows}
      layout="vertical"
      responsive
      style={{ width: "100%", height: "100%" }}
      margin={{ top: 4, right: 112, bottom: 4, left: 0 }}
      barCategoryGap={10}
      accessibilityLayer={false}
    >
      <XAxis type="number" hide domain={[0, (max: number) => Math.max(1, max)]} />
      <YAxis type="category" dataKey="category" tick={AXIS_TICK} tickLine={false} axisLine={false} width={72} />
      <Bar dataKey="count" fill={color} radius={[0, 4, 4, 0]} isAnimationActive={false}>
        <LabelList dataKey="label" content={barEndLabel} />
      </Bar>
      <ReportDrawn name={name} />
    </BarChart>
  );
}
