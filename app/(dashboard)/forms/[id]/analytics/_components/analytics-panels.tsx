// The figures of the form analytics page: the range's totals, the daily trends and the breakdowns of its
// submissions (field completion, traffic sources, devices).
import type { ReactNode } from "react";
import type { FormAnalytics, FormField } from "@/lib/schemas/forms";
import { Card, CardHeader } from "@/components/ui/card";
import { CHART_COLORS, ChartFigure } from "@/components/ui/chart-figure";
import { LabelledBars, type LabelledBar } from "@/components/ui/labelled-bars";
import { percentOf } from "@/lib/form-analytics/format";
import { formatNumber } from "@/lib/format";
import { DailyChart } from "./daily-chart";

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
          <DailyChart
            title="Views per day"
            description={`${formatNumber(data.viewsCount)} views over ${days.length} days.`}
            days={days}
            values={data.timeSeries.map((d) => d.views)}
            label="Views"
            color={CHART_COLORS.opens}
            format={formatNumber}
            integer
          />
        </Panel>
        <Panel title="Submissions over time" description="Submissions per day">
          <DailyChart
            title="Submissions per day"
            description={`${formatNumber(data.submissionsCount)} submissions over ${days.length} days.`}
            days={days}
            values={data.timeSeries.map((d) => d.submissions)}
            label="Submissions"
            color={CHART_COLORS.clicks}
            format={formatNumber}
            integer
          />
        </Panel>
      </div>
      <Panel
        title="Conversion trend"
        description={quiet ? "No views or submissions in this range yet." : "Submissions per view, each day"}
      >
        <DailyChart
          title="Conversion rate per day"
          description={`Conversion over the range: ${formatPercent(data.conversionRate)}.`}
          days={data.conversionTrend.map((d) => d.date)}
          values={data.conversionTrend.map((d) => d.rate)}
          label="Conversion"
          color={CHART_COLORS.warn}
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
        <Breakdown
          title="Field completion"
          description="Share of submissions that filled in each field."
          head={["Field", "Filled in"]}
          max={100}
          color={CHART_COLORS.opens}
          bars={data.fieldCompletionRates.map((f) => {
            const pct = percentOf(f.filled, stored);
            return {
              category: labels.get(f.field) ?? f.field,
              count: pct,
              label: `${formatPercent(pct)} · ${formatNumber(f.filled)}`,
            };
          })}
        />
      </Panel>
      <Panel title="Traffic sources" description="utm_source, else the referring site" empty={stored ? null : none}>
        <Breakdown
          title="Traffic sources"
          description="Submissions by where the visitor came from."
          head={["Source", "Submissions"]}
          color={CHART_COLORS.clicks}
          bars={data.trafficSources.map((s) => ({
            category: s.name,
            count: s.count,
            label: `${formatNumber(s.count)} · ${formatPercent(s.value)}`,
          }))}
        />
      </Panel>
      <Panel title="Devices" description="Submissions by device" empty={stored ? null : none}>
        <Breakdown
          title="Devices"
          description="Submissions by the visitor's device."
          head={["Device", "Submissions"]}
          color={CHART_COLORS.warn}
          bars={data.submissionsByDevice.map((d) => ({
            category: d.device,
            count: d.count,
            label: `${formatNumber(d.count)} · ${formatPercent(d.pct)}`,
          }))}
        />
      </Panel>
    </div>
  );
}

/** Labelled bars with their figures as a table: the bar's label and figures are the table's two columns. */
function Breakdown(props: {
  title: string;
  description: string;
  head: [string, string];
  bars: LabelledBar[];
  max?: number;
  color: string;
}) {
  return (
    <ChartFigure
      label={`${props.title}: ${props.description}`}
      caption={props.title}
      columns={[
        { header: props.head[0], cell: (b: LabelledBar) => b.category },
        { header: props.head[1], cell: (b: LabelledBar) => b.label },
      ]}
      rows={props.bars}
      rowKey={(b) => b.category}
      rowHeaders
      height={Math.max(2, props.bars.length) * 44 + 8}
    >
      <LabelledBars
        rows={props.bars}
        color={props.color}
        max={props.max}
        // A third of the page wide: the names and the figures get what they need, the bars the rest.
        categoryWidth={88}
        labelWidth={Math.ceil(Math.max(0, ...props.bars.map((b) => b.label.length)) * 7) + 8}
      />
    </ChartFigure>
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
