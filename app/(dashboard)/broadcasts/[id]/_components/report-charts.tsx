"use client";
// The report's charts and top links, each in its card. A chart with nothing to show yet says so and counts as drawn.
import type { ReactNode } from "react";
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { DeviceChart } from "@/components/broadcasts/analytics/device-chart";
import { EngagementChart } from "@/components/broadcasts/analytics/engagement-chart";
import { FunnelChart } from "@/components/broadcasts/analytics/funnel-chart";
import { TopLinks } from "@/components/broadcasts/analytics/top-links";
import { useReportDrawnNow } from "@/components/broadcasts/analytics/charts-ready";
import { Card, CardHeader } from "@/components/ui/card";

/** The charts the page waits for before it says they are drawn. */
export const REPORT_CHARTS = ["engagement", "funnel", "devices"];

export function ReportCharts({
  analytics: a,
  onShowClickers,
}: {
  analytics: BroadcastAnalytics;
  /** Shows a top link's clickers in the recipient table. */
  onShowClickers?: (url: string) => void;
}) {
  const quiet = !a.engagementOverTime.some((p) => p.opens + p.clicks > 0);
  const noClicks = a.clicksByDevice.length === 0;
  useReportDrawnNow("engagement", quiet);
  useReportDrawnNow("devices", noClicks);
  return (
    <>
      <Panel title="Engagement over time" description="Human opens and clicks by hour after sending.">
        {quiet ? (
          <Empty>No opens or clicks yet.</Empty>
        ) : (
          <EngagementChart points={a.engagementOverTime} name="engagement" />
        )}
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Delivery funnel" description="Recipients at each step, as a share of those sent.">
          <FunnelChart funnel={a.deliveryFunnel} name="funnel" />
        </Panel>
        <Panel title="Clicks by device" description="Human clicks, by the device they came from.">
          {noClicks ? <Empty>No clicks yet.</Empty> : <DeviceChart devices={a.clicksByDevice} name="devices" />}
        </Panel>
      </div>
      <Card className="min-w-0">
        <CardHeader
          title="Top links"
          description="The ten links clicked most, by people (machines' clicks left out)."
        />
        <TopLinks links={a.topLinks} onShowClickers={onShowClickers} />
      </Card>
    </>
  );
}

function Panel({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader title={title} description={description} />
      <div className="px-5 py-4">{children}</div>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-[13px] text-slate-500">{children}</p>;
}
