// The report's figures. Open rates count people (and Apple's proxy, which cannot be told apart from a reader), never
// machines; every open, machines' too, is beside them with the machine share explained, so nobody mistakes a link
// scanner for a reader nor wonders why the pixel count is higher.
import type { ReactNode } from "react";
import type { BroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import { formatNumber } from "@/lib/format";
import { formatRate } from "../format-rate";
import { openBreakdown } from "./series";

export function KeyFigures({ stats: s }: { stats: BroadcastStatsBody }) {
  const { machineShare } = openBreakdown(s);
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <h2 id="figures-heading" className="sr-only">
        Figures
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="key-numbers">
        <Figure
          label="Sent"
          value={formatNumber(s.sent)}
          note={[
            s.status === "sending" && s.pending > 0 && `${formatNumber(s.pending)} to go`,
            s.failed > 0 && `${formatNumber(s.failed)} not sent`,
            `of ${formatNumber(s.recipientCount)} recipients`,
          ]
            .filter(Boolean)
            .join(" · ")}
          testId="sent"
        />
        <Figure
          label="Delivery rate"
          value={formatRate(s.deliveryRate)}
          note={`${formatNumber(s.delivered)} delivered`}
        />
        <Figure
          label="Open rate"
          value={formatRate(s.openRate)}
          note={
            <>
              <span data-testid="unique-opens">{formatNumber(s.uniqueOpens)}</span> unique{" "}
              {plural(s.uniqueOpens, "open")} · {formatNumber(s.totalOpens)} {plural(s.totalOpens, "open")} in all
            </>
          }
        />
        <Figure
          label="Click rate"
          value={formatRate(s.clickRate)}
          note={
            <>
              <span data-testid="clicks">{formatNumber(s.clicked)}</span> clicked · {formatNumber(s.totalClicks)}{" "}
              {plural(s.totalClicks, "click")} in all
            </>
          }
        />
        <Figure label="Click-to-open rate" value={formatRate(s.clickToOpenRate)} note="Openers who clicked" />
        <Figure
          label="Bounces"
          value={formatNumber(s.bounced)}
          note={`${formatNumber(s.hardBounces)} hard · ${formatNumber(s.softBounces)} soft · ${formatRate(s.bounceRate)}`}
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
      </dl>
      <details className="group rounded-lg border border-slate-200 bg-white text-sm shadow-xs">
        <summary className="cursor-pointer rounded-lg px-4 py-2.5 text-[13px] text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
          <span className="font-medium text-slate-800">How opens are counted</span> · {formatNumber(s.totalOpens)}{" "}
          {plural(s.totalOpens, "open")} in all, {formatRate(machineShare)} by machines
        </summary>
        <div className="border-t border-slate-100 px-4 py-3 text-[13px] text-slate-600">
          <dl className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Small label="All opens" value={s.totalOpens} />
            <Small label="By people" value={s.humanOpens} />
            <Small label="By machines" value={s.machineOpens} />
            <Small label="Apple MPP recipients" value={s.mppAffected} />
          </dl>
          <p>
            The open rate counts each recipient once, when a person&apos;s mail client (or Apple Mail Privacy
            Protection) loads the email&apos;s images. Machine opens (link scanners, security gateways, and loads within
            2 seconds of sending) are in &ldquo;all opens&rdquo; but never in the open rate. Apple&apos;s proxy loads
            images without the person reading, so its recipients may be counted as opens they never made: clicks are the
            surer sign of interest.
          </p>
        </div>
      </details>
    </section>
  );
}

function Figure(props: { label: string; value: string; note?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs">
      <dt className="text-xs text-slate-500">{props.label}</dt>
      <dd className="mt-0.5 text-xl font-semibold text-slate-900 tabular-nums" data-testid={props.testId}>
        {props.value}
      </dd>
      {props.note && <dd className="mt-0.5 text-xs text-slate-500">{props.note}</dd>}
    </div>
  );
}

function Small({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-800 tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);
