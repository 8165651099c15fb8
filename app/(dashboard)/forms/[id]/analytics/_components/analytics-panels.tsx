// The figures of the form analytics page: the range's totals, the daily trends and the breakdowns of its
// submissions (field completion, traffic sources, devices).
import type { ReactNode } from "react";
import type { FormAnalytics, FormField } from "@/lib/schemas/forms";
import { Card, CardHeader } from "@/components/ui/card";
import { BarChart } from "@/components/forms/charts/bar-chart";
import { LineChart } from "@/components/forms/charts/line-chart";
import { percentOf } from "@/components/forms/charts/scale";
import { formatNumber } from "@/lib/format";

// At most two decimals, like the API's rates, without trailing zeros (an axis reads 0.5 %, not 0.50 %).
const formatPercent = (v: number) => `${Number(v.toFixed(2))}%`;

export function KeyFigures({ data }: { data: FormAnalytics }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="form-key-figures">
      <Tile label="Views" value={formatNumber(data.viewsCount)} note="Page loads that showed the form" />
      <Tile label="Submissions" value={formatNumber(data.submissionsCount)} note="Sign-ups received" />
      <Tile
        label="Conversion rate"
        value={formatPercent(data.conversionRate)}
        note={data.viewsCount ? "Submissions per view" : "No views in this range"}
      />
    </div>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs">
      <p className="text-xs text-slate-500">{label}</p>
      <p className="mt-0.5 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
      <p className="mt-0.5 text-xs text-slate-500">{note}</p>
    </div>
  );
}

export function Trends({ data }: { data: FormAnalytics }) {
  const days = data.timeSeries.map((d) => d.date);
  const quiet = data.viewsCount === 0 && data.submissionsCount === 0;
  return (
    <>
      {/* Two charts, not two lines on one: views outnumber submissions so far that a shared axis flattens them. */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Panel title="Views over time" description="Views per day">
          <LineChart
            title="Views per day"
            description={`${formatNumber(data.viewsCount)} views over ${days.length} days.`}
            days={days}
            series={[{ label: "Views", tone: "brand", values: data.timeSeries.map((d) => d.views) }]}
            format={formatNumber}
            integer
          />
        </Panel>
        <Panel title="Submissions over time" description="Submissions per day">
          <LineChart
            title="Submissions per day"
            description={`${formatNumber(data.submissionsCount)} submissions over ${days.length} days.`}
            days={days}
            series={[{ label: "Submissions", tone: "emerald", values: data.timeSeries.map((d) => d.submissions) }]}
            format={formatNumber}
            integer
          />
        </Panel>
      </div>
      <Panel
        title="Conversion trend"
        description={quiet ? "No views or submissions in this range yet." : "Submissions per view, each day"}
      >
        <LineChart
          title="Conversion rate per day"
          description={`Conversion over the range: ${formatPercent(data.conversionRate)}.`}
          days={data.conversionTrend.map((d) => d.date)}
          series={[{ label: "Conversion", tone: "amber", values: data.conversionTrend.map((d) => d.rate) }]}
          format={formatPercent}
        />
      </Panel>
    </>
  );
}

export function Breakdowns({ data, fields }: { data: FormAnalytics; fields: FormField[] }) {
  // Shares are of the submissions still stored (a deleted contact takes its submissions along, the daily counts
  // keep it), which is what the device split counts.
  const stored = data.submissionsByDevice.reduce((sum, d) => sum + d.count, 0);
  const labels = new Map(fields.map((f) => [f.name, f.type === "hidden" ? f.name : f.label]));
  const none = "No submissions in this range.";
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <Panel title="Field completion" description="Submissions with the field filled in" empty={stored ? null : none}>
        <BarChart
          title="Field completion"
          description="Share of submissions that filled in each field."
          head={["Field", "Filled in"]}
          max={100}
          bars={data.fieldCompletionRates.map((f) => {
            const pct = percentOf(f.filled, stored);
            return {
              label: labels.get(f.field) ?? f.field,
              value: pct,
              detail: `${formatPercent(pct)} · ${formatNumber(f.filled)}`,
            };
          })}
        />
      </Panel>
      <Panel title="Traffic sources" description="utm_source, else the referring site" empty={stored ? null : none}>
        <BarChart
          title="Traffic sources"
          description="Submissions by where the visitor came from."
          head={["Source", "Submissions"]}
          tone="emerald"
          bars={data.trafficSources.map((s) => ({
            label: s.name,
            value: s.count,
            detail: `${formatNumber(s.count)} · ${formatPercent(s.value)}`,
          }))}
        />
      </Panel>
      <Panel title="Devices" description="Submissions by device" empty={stored ? null : none}>
        <BarChart
          title="Devices"
          description="Submissions by the visitor's device."
          head={["Device", "Submissions"]}
          tone="amber"
          bars={data.submissionsByDevice.map((d) => ({
            label: d.device,
            value: d.count,
            detail: `${formatNumber(d.count)} · ${formatPercent(d.pct)}`,
          }))}
        />
      </Panel>
    </div>
  );
}

function Panel(props: { title: string; description: string; empty?: string | null; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader title={props.title} description={props.description} />
      {props.empty ? (
        <p className="px-5 py-8 text-center text-[13px] text-slate-500">{props.empty}</p>
      ) : (
        <div className="px-5 py-4">{props.children}</div>
      )}
    </Card>
  );
}
