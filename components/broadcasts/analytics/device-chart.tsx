"use client";
// Human clicks by device (Desktop, Mobile, Tablet, Other), most first, each with its share of all clicks.
import { Bar, BarChart, LabelList, XAxis, YAxis } from "recharts";
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { formatNumber } from "@/lib/format";
import { formatRate } from "../format-rate";
import { AXIS_TICK, barEndLabel, CHART_COLORS, ChartFigure } from "./chart-figure";
import { ReportDrawn } from "./charts-ready";

type Device = BroadcastAnalytics["clicksByDevice"][number];

export function DeviceChart({ devices, name }: { devices: Device[]; name: string }) {
  const rows = devices.map((d) => ({ ...d, label: `${formatNumber(d.count)} · ${formatRate(d.pct)}` }));
  return (
    <ChartFigure
      label="Horizontal bar chart of clicks by device."
      caption="Clicks by device"
      columns={[
        { header: "Device", cell: (d: Device) => d.device },
        { header: "Clicks", cell: (d: Device) => formatNumber(d.count) },
        { header: "Share", cell: (d: Device) => formatRate(d.pct) },
      ]}
      rows={devices}
      rowKey={(d) => d.device}
      height={Math.max(2, rows.length) * 44 + 8}
    >
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
        <YAxis type="category" dataKey="device" tick={AXIS_TICK} tickLine={false} axisLine={false} width={72} />
        <Bar dataKey="count" fill={CHART_COLORS.clicks} radius={[0, 4, 4, 0]} isAnimationActive={false}>
          <LabelList dataKey="label" content={barEndLabel} />
        </Bar>
        <ReportDrawn name={name} />
      </BarChart>
    </ChartFigure>
  );
}
