"use client";
// Human clicks by device (Desktop, Mobile, Tablet, Other), most first, each with its share of all clicks.
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { formatNumber } from "@/lib/format";
import { formatRate } from "../format-rate";
import { CHART_COLORS, ChartFigure } from "@/components/ui/chart-figure";
import { LabelledBars } from "@/components/ui/labelled-bars";
import { ReportDrawn } from "./charts-ready";

type Device = BroadcastAnalytics["clicksByDevice"][number];

export function DeviceChart({ devices, name }: { devices: Device[]; name: string }) {
  const rows = devices.map((d) => ({
    ...d,
    category: d.device,
    label: `${formatNumber(d.count)} · ${formatRate(d.pct)}`,
  }));
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
      <LabelledBars rows={rows} color={CHART_COLORS.clicks}>
        <ReportDrawn name={name} />
      </LabelledBars>
    </ChartFigure>
  );
}
