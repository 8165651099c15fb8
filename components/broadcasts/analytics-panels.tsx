// The broadcast page's figures: key numbers (machine and Apple MPP opens beside the human ones, so nobody mistakes
// a scanner for a reader), the delivery funnel, clicks by device and the top links.
import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import type { AnalyticsStats, BroadcastAnalyticsView } from "./analytics-types";
import { formatRate } from "./format-rate";

type Counts = { recipientCount: number; sentCount: number; failedCount: number };

export function KeyNumbers({ counts, stats }: { counts: Counts; stats: AnalyticsStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="key-numbers">
      <Figure label="Recipients" value={formatNumber(counts.recipientCount)} />
      <Figure
        label="Sent"
        value={formatNumber(counts.sentCount)}
        note={counts.failedCount ? `${formatNumber(counts.failedCount)} not sent` : undefined}
      />
      <Figure
        label="Delivered"
        value={formatNumber(stats.delivered)}
        note={`${formatRate(stats.deliveryRate)} delivery rate`}
      />
      <Figure
        label="Unique opens"
        value={formatNumber(stats.uniqueOpens)}
        note={`${formatRate(stats.openRate)} open rate`}
        testId="unique-opens"
      />
      <Figure
        label="Clicks"
        value={formatNumber(stats.clicked)}
        note={`${formatRate(stats.clickRate)} click rate · ${formatRate(stats.clickToOpenRate)} of openers`}
        testId="clicks"
      />
      <Figure
        label="Bounces"
        value={formatNumber(stats.bounced)}
        note={`${formatNumber(stats.hardBounces)} hard · ${formatNumber(stats.softBounces)} soft`}
      />
      <Figure
        label="Unsubscribes"
        value={formatNumber(stats.unsubscribed)}
        note={`${formatRate(stats.unsubRate)} unsubscribe rate`}
      />
      <Figure
        label="Opens, all kinds"
        value={formatNumber(stats.totalOpens)}
        note={`${formatNumber(stats.machineOpens)} machine · ${formatNumber(stats.mppAffected)} Apple MPP`}
        title="Every open pixel load. Machine opens (link scanners, prefetching) never count as unique opens; Apple Mail Privacy Protection loads count, but are flagged because they happen without the person reading."
      />
    </div>
  );
}

function Figure(props: { label: string; value: string; note?: string; title?: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs" title={props.title}>
      <p className="text-xs text-slate-500">{props.label}</p>
      <p className="mt-0.5 text-xl font-semibold text-slate-900 tabular-nums" data-testid={props.testId}>
        {props.value}
      </p>
      {props.note && <p className="mt-0.5 text-xs text-slate-500">{props.note}</p>}
    </div>
  );
}

/** Horizontal bars, each a share of the widest: the funnel and the device split read the same way. */
function Bars({ rows }: { rows: { label: string; value: number; detail: string }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className="space-y-3 px-5 py-4">
      {rows.map((r) => (
        <li key={r.label}>
          <div className="mb-1 flex justify-between gap-3 text-[13px]">
            <span className="text-slate-700">{r.label}</span>
            <span className="text-slate-500 tabular-nums">{r.detail}</span>
          </div>
          <div className="h-2 rounded-full bg-slate-100">
            <div className="h-2 rounded-full bg-brand-500" style={{ width: `${(r.value / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function DeliveryFunnel({ funnel }: { funnel: BroadcastAnalyticsView["deliveryFunnel"] }) {
  const first = funnel[0]?.count ?? 0;
  return (
    <Panel title="Delivery funnel" empty={funnel.length === 0 ? "Nothing sent yet." : null}>
      <Bars
        rows={funnel.map((s) => ({
          label: s.stage[0]?.toUpperCase() + s.stage.slice(1),
          value: s.count,
          detail: `${formatNumber(s.count)}${first ? ` · ${formatRate((s.count / first) * 100)}` : ""}`,
        }))}
      />
    </Panel>
  );
}

export function ClicksByDevice({ devices }: { devices: BroadcastAnalyticsView["clicksByDevice"] }) {
  return (
    <Panel title="Clicks by device" empty={devices.length === 0 ? "No clicks yet." : null}>
      <Bars
        rows={devices.map((d) => ({
          label: d.device,
          value: d.count,
          detail: `${formatNumber(d.count)} · ${formatRate(d.pct)}`,
        }))}
      />
    </Panel>
  );
}

export function TopLinks({ links }: { links: BroadcastAnalyticsView["topLinks"] }) {
  return (
    <Panel title="Top links" empty={links.length === 0 ? "No links clicked yet." : null}>
      <Table>
        <THead>
          <tr>
            <TH>Link</TH>
            <TH className="text-right">Unique</TH>
            <TH className="text-right">Total</TH>
          </tr>
        </THead>
        <TBody>
          {links.map((l) => (
            <TR key={l.url}>
              <TD className="max-w-md truncate font-mono text-xs" title={l.url}>
                {l.url}
              </TD>
              <TD className="text-right tabular-nums">{formatNumber(l.uniqueClicks)}</TD>
              <TD className="text-right tabular-nums">{formatNumber(l.totalClicks)}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </Panel>
  );
}

function Panel({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader title={title} />
      {empty ? <p className="px-5 py-6 text-center text-[13px] text-slate-500">{empty}</p> : children}
    </Card>
  );
}
