// The broadcast page's figures: key numbers (machine and Apple MPP opens beside the human ones, so nobody mistakes
// a scanner for a reader), the delivery funnel, clicks by device and the top links.
import type { ReactNode } from "react";
import type { BroadcastAnalytics, BroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { formatRate } from "./format-rate";

export function KeyNumbers({ stats: s }: { stats: BroadcastStatsBody }) {
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="key-numbers">
        <Figure label="Recipients" value={formatNumber(s.recipientCount)} />
        <Figure
          label="Sent"
          value={formatNumber(s.sent)}
          note={
            s.failed ? `${formatNumber(s.failed)} not sent` : s.pending ? `${formatNumber(s.pending)} to go` : undefined
          }
        />
        <Figure
          label="Delivered"
          value={formatNumber(s.delivered)}
          note={`${formatRate(s.deliveryRate)} delivery rate`}
        />
        <Figure
          label="Unique opens"
          value={formatNumber(s.uniqueOpens)}
          note={`${formatRate(s.openRate)} open rate`}
          testId="unique-opens"
        />
        <Figure
          label="Clicked"
          value={formatNumber(s.clicked)}
          note={`${formatRate(s.clickRate)} click rate · ${formatRate(s.clickToOpenRate)} of openers`}
          testId="clicks"
        />
        <Figure
          label="Bounces"
          value={formatNumber(s.bounced)}
          note={`${formatNumber(s.hardBounces)} hard · ${formatNumber(s.softBounces)} soft`}
        />
        <Figure
          label="Unsubscribes"
          value={formatNumber(s.unsubscribed)}
          note={`${formatRate(s.unsubRate)} unsubscribe rate`}
        />
        <Figure
          label="Spam complaints"
          value={formatNumber(s.complained)}
          note={`${formatRate(s.complaintRate)} complaint rate`}
        />
      </div>
      {/* Raw opens beside the human ones: scanners and Apple's proxy inflate the pixel count. */}
      <Card className="grid grid-cols-2 divide-slate-100 sm:grid-cols-4 sm:divide-x">
        <Small label="Opens, all kinds" value={s.totalOpens} />
        <Small label="By people" value={s.humanOpens} hint="Pixel loads by mail clients and image proxies." />
        <Small
          label="By machines"
          value={s.machineOpens}
          hint="Link scanners, bots, and loads within 2 seconds of sending. Never counted as unique opens."
        />
        <Small
          label="Apple MPP recipients"
          value={s.mppAffected}
          hint="Recipients whose open came from Apple Mail Privacy Protection, which loads images without the person reading."
        />
      </Card>
    </div>
  );
}

function Small({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="px-4 py-2.5" title={hint}>
      <p className="text-xs text-slate-500">{label}</p>
      <p className="text-sm font-semibold text-slate-800 tabular-nums">{formatNumber(value)}</p>
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

export function DeliveryFunnel({ funnel }: { funnel: BroadcastAnalytics["deliveryFunnel"] }) {
  const first = funnel[0]?.count ?? 0;
  return (
    <Panel title="Delivery funnel" empty={funnel.length === 0 ? "Nothing sent yet." : null}>
      <Bars
        rows={funnel.map((s) => ({
          label: s.stage,
          value: s.count,
          detail: `${formatNumber(s.count)}${first ? ` · ${formatRate((s.count / first) * 100)}` : ""}`,
        }))}
      />
    </Panel>
  );
}

export function ClicksByDevice({ devices }: { devices: BroadcastAnalytics["clicksByDevice"] }) {
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

export function TopLinks({ links }: { links: BroadcastAnalytics["topLinks"] }) {
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
