"use client";
// Subscribed contacts at the end of each of the last 30 days (the line, left axis) with the contacts added and the
// unsubscribes of each day (bars, right axis). Drawn without animation; a hidden table carries the same figures.
import { Area, Bar, CartesianGrid, ComposedChart, Tooltip, XAxis, YAxis } from "recharts";
import type { GrowthDay } from "@/lib/broadcast-report";
import { formatNumber } from "@/lib/format";
import { AXIS_TICK, ChartFigure, LegendSwatch } from "@/components/ui/chart-figure";

const COLORS = { subscribed: "#6366f1", added: "#10b981", unsubscribed: "#f43f5e" };
const NAMES: Record<string, string> = { subscribed: "Subscribed", added: "Added", unsubscribed: "Unsubscribed" };
const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export function AudienceGrowthChart({ days }: { days: GrowthDay[] }) {
  return (
    <ChartFigure
      label="Chart of subscribed contacts over the last 30 days, with contacts added and unsubscribes each day."
      caption="Audience growth over the last 30 days (UTC)"
      columns={[
        { header: "Day", cell: (d: GrowthDay) => dayLabel(d.day) },
        { header: "Subscribed at the end of the day", cell: (d: GrowthDay) => formatNumber(d.subscribed) },
        { header: "Added", cell: (d: GrowthDay) => formatNumber(d.added) },
        { header: "Unsubscribed", cell: (d: GrowthDay) => formatNumber(d.unsubscribed) },
      ]}
      rows={days}
      rowKey={(d) => d.day}
      height={240}
      legend={
        <>
          <LegendSwatch color={COLORS.subscribed}>Subscribed contacts</LegendSwatch>
          <LegendSwatch color={COLORS.added}>Added per day</LegendSwatch>
          <LegendSwatch color={COLORS.unsubscribed}>Unsubscribed per day</LegendSwatch>
        </>
      }
    >
      <ComposedChart
        data={days}
        responsive
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
        barGap={0}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="day"
          tickFormatter={dayLabel}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "#cbd5e1" }}
          minTickGap={24}
        />
        <YAxis yAxisId="total" allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} />
        <YAxis
          yAxisId="daily"
          orientation="right"
          allowDecimals={false}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={36}
        />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(day) => dayLabel(String(day))}
          formatter={(value, key) => [formatNumber(Number(value)), NAMES[String(key)] ?? String(key)]}
          cursor={{ fill: "#f1f5f9" }}
        />
        <Bar yAxisId="daily" dataKey="added" fill={COLORS.added} isAnimationActive={false} maxBarSize={10} />
        <Bar
          yAxisId="daily"
          dataKey="unsubscribed"
          fill={COLORS.unsubscribed}
          isAnimationActive={false}
          maxBarSize={10}
        />
        <Area
          yAxisId="total"
          dataKey="subscribed"
          type="monotone"
          stroke={COLORS.subscribed}
          strokeWidth={2}
          fill={COLORS.subscribed}
          fillOpacity={0.08}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFigure>
  );
}
