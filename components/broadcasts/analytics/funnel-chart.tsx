"use client";
// Sent → delivered → opened → clicked as horizontal bars, each labelled with its count and share of those sent.
import { Bar, BarChart, LabelList, XAxis, YAxis } from "recharts";
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { formatNumber } from "@/lib/format";
import { formatRate } from "../format-rate";
import { AXIS_TICK, barEndLabel, CHART_COLORS, ChartFigure } from "./chart-figure";
import { ReportDrawn } from "./charts-ready";
import { funnelRows, type FunnelRow } from "./series";

export function FunnelChart({ funnel, name }: { funnel: BroadcastAnalytics["deliveryFunnel"]; name: string }) {
  const rows = funnelRows(funnel);
  const sent = rows[0]?.count ?? 0;
  const data = rows.map((r) => ({
    ...r,
    label: `${formatNumber(r.count)}${sent > 0 ? ` · ${formatRate(r.share)}` : ""}`,
  }));
  return (
    <ChartFigure
      label="Horizontal bar chart of the delivery funnel: sent, delivered, opened and clicked."
      caption="Delivery funnel"
      columns={[
        { header: "Stage", cell: (r: FunnelRow) => r.stage },
        { header: "Recipients", cell: (r: FunnelRow) => formatNumber(r.count) },
        { header: "Share of sent", cell: (r: FunnelRow) => formatRate(r.share) },
      ]}
      rows={rows}
      rowKey={(r) => r.stage}
      height={rows.length * 44 + 8}
    >
      <BarChart
        data={data}
        layout="vertical"
        responsive
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 4, right: 112, bottom: 4, left: 0 }}
        barCategoryGap={10}
        accessibilityLayer={false}
      >
        <XAxis type="number" hide domain={[0, (max: number) => Math.max(1, max)]} />
        <YAxis type="category" dataKey="stage" tick={AXIS_TICK} tickLine={false} axisLine={false} width={72} />
        <Bar dataKey="count" fill={CHART_COLORS.opens} radius={[0, 4, 4, 0]} isAnimationActive={false}>
          <LabelList dataKey="label" content={barEndLabel} />
        </Bar>
        <ReportDrawn name={name} />
      </BarChart>
    </ChartFigure>
  );
}
