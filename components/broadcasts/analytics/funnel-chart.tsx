"use client";
// Sent → delivered → opened → clicked as horizontal bars, each labelled with its count and share of those sent.
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { formatNumber } from "@/lib/format";
import { formatRate } from "../format-rate";
import { CHART_COLORS, ChartFigure } from "@/components/ui/chart-figure";
import { LabelledBars } from "@/components/ui/labelled-bars";
import { ReportDrawn } from "./charts-ready";
import { funnelRows, type FunnelRow } from "./series";

export function FunnelChart({ funnel, name }: { funnel: BroadcastAnalytics["deliveryFunnel"]; name: string }) {
  const rows = funnelRows(funnel);
  const sent = rows[0]?.count ?? 0;
  const data = rows.map((r) => ({
    ...r,
    category: r.stage,
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
      <LabelledBars rows={data} color={CHART_COLORS.opens}>
        <ReportDrawn name={name} />
      </LabelledBars>
    </ChartFigure>
  );
}
