"use client";
// One figure per UTC day as a line over a light area (views, submissions, the conversion rate), drawn with recharts
// like the home page's audience growth: no animation, a tooltip per day, and the figures in a hidden table.
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_TICK, ChartFigure } from "@/components/ui/chart-figure";
import { formatDay } from "@/lib/form-analytics/format";

type Day = { day: string; value: number };

type DailyChartProps = {
  /** The image's name and the hidden table's caption. */
  title: string;
  /** A sentence on what the range adds up to. */
  description: string;
  /** YYYY-MM-DD, one per value. */
  days: string[];
  values: number[];
  /** The series' name (the table's column, the tooltip's line). */
  label: string;
  color: string;
  format: (value: number) => string;
  /** Count axes step by whole numbers. */
  integer?: boolean;
};

export function DailyChart({
  title,
  description,
  days,
  values,
  label,
  color,
  format,
  integer = false,
}: DailyChartProps) {
  const data: Day[] = days.map((day, i) => ({ day, value: values[i] ?? 0 }));
  // Past four months a day label ("Mar 14") says less than its month ("Mar 2026").
  const long = days.length > 120;
  return (
    <ChartFigure
      label={`${title}: ${description}`}
      caption={title}
      columns={[
        { header: "Day", cell: (d: Day) => d.day },
        { header: label, cell: (d: Day) => format(d.value) },
      ]}
      rows={data}
      rowKey={(d) => d.day}
      rowHeaders
      height={200}
    >
      <AreaChart
        data={data}
        responsive
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="day"
          tickFormatter={(day: string) => formatDay(day, long)}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          interval="preserveStartEnd"
          minTickGap={24}
        />
        <YAxis
          allowDecimals={!integer}
          // A quiet range still gets an axis up to 1 rather than a lone 0.
          domain={[0, values.some((v) => v > 0) ? "auto" : 1]}
          tickFormatter={format}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={48}
        />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(day) => formatDay(String(day))}
          formatter={(value) => [format(Number(value)), label]}
          cursor={{ stroke: "#cbd5e1" }}
        />
        <Area
          dataKey="value"
          type="monotone"
          stroke={color}
          strokeWidth={2}
          fill={color}
          fillOpacity={0.08}
          // A one-day range has no line to draw: its point shows instead.
          dot={data.length === 1 ? { r: 3, fill: color, stroke: color } : false}
          isAnimationActive={false}
        />
      </AreaChart>
    </ChartFigure>
  );
}
