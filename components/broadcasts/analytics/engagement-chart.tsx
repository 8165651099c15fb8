"use client";
// Human opens and clicks by hour after each recipient's send (the rollup's hourly rows), drawn without animation:
// the report has to be readable at once, and the benchmark waits for the drawn chart.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/lib/format";
import { AXIS_TICK, CHART_COLORS, ChartFigure, LegendSwatch } from "@/components/ui/chart-figure";
import { ReportDrawn } from "./charts-ready";
import { hourLabel, hourlySeries, type HourPoint } from "./series";

export function EngagementChart({ points, name }: { points: HourPoint[]; name: string }) {
  const series = hourlySeries(points);
  // The hidden table lists the hours that had activity only: 168 rows of zeros would drown the figures.
  const active = series.filter((p) => p.opens + p.clicks > 0);
  return (
    <ChartFigure
      label="Bar chart of human opens and clicks for each hour after sending."
      caption="Opens and clicks by hour after sending (hours without activity left out)"
      columns={[
        { header: "Hours after sending", cell: (p: HourPoint) => hourLabel(p.hoursAfterSend) },
        { header: "Opens", cell: (p: HourPoint) => formatNumber(p.opens) },
        { header: "Clicks", cell: (p: HourPoint) => formatNumber(p.clicks) },
      ]}
      rows={active}
      rowKey={(p) => p.hoursAfterSend}
      height={220}
      legend={
        <>
          <LegendSwatch color={CHART_COLORS.opens}>Human opens</LegendSwatch>
          <LegendSwatch color={CHART_COLORS.clicks}>Clicks</LegendSwatch>
          <span>Hours after each recipient&apos;s send</span>
        </>
      }
    >
      <BarChart
        data={series}
        responsive
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        barGap={0}
        barCategoryGap="20%"
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="hoursAfterSend"
          tickFormatter={hourLabel}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          interval="preserveStartEnd"
          minTickGap={16}
        />
        <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(h) => `${hourLabel(Number(h))} after sending`}
          formatter={(value, key) => [formatNumber(Number(value)), key === "opens" ? "Human opens" : "Clicks"]}
          cursor={{ fill: "#f1f5f9" }}
        />
        <Bar dataKey="opens" fill={CHART_COLORS.opens} isAnimationActive={false} />
        <Bar dataKey="clicks" fill={CHART_COLORS.clicks} isAnimationActive={false} />
        <ReportDrawn name={name} />
      </BarChart>
    </ChartFigure>
  );
}
