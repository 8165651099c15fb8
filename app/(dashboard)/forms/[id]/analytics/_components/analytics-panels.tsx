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

/** The two daily counts, each on its own chart. */
const DAILY_SERIES = [
  { key: "views", label: "Views", total: "viewsCount", color: CHART_COLORS.opens },
  { key: "submissions", label: "Submissions", total: "submissionsCount", color: CHART_COLORS.clicks },
] as const;

export function Trends({ data }: { data: FormAnalytics }) {
  const days = data.timeSeries.map((d) => d.date);
  const quiet = data.viewsCount === 0 && data.submissionsCount === 0;
  return (
    <>
      {/* Two charts, not two lines on one: views outnumber submissions so far that a shared axis flattens them. */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        {DAILY_SERIES.map(({ key, label, total, color }) => (
          <Panel key={key} title={`${label} over time`} description={`${label} per day`}>
            <DailyChart
              title={`${label} per day`}
              description={`${formatNumber(data[total])} ${label.toLowerCase()} over ${days.length} days.`}
              days={days}
              values={data.timeSeries.map((d) => d[key])}
              label={label}
              color={color}
              format={formatNumber}
              integer
            />
          </Panel>
        ))}
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
  const empty = stored ? null : "No submissions in this range.";
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <Breakdown
        title="Field completion"
        note="Submissions with the field filled in"
        description="Share of submissions that filled in each field."
        head={["Field", "Filled in"]}
        max={100}
        color={CHART_COLORS.opens}
        empty={empty}
        bars={data.fieldCompletionRates.map((f) => {
          const pct = percentOf(f.filled, stored);
          return {
            category: labels.get(f.field) ?? f.field,
            count: pct,
            label: `${formatPercent(pct)} · ${formatNumber(f.filled)}`,
          };
        })}
      />
      <Breakdown
        title="Traffic sources"
        note="utm_source, else the referring site"
        description="Submissions by where the visitor came from."
        head={["Source", "Submissions"]}
        color={CHART_COLORS.clicks}
        empty={empty}
        bars={data.trafficSources.map((s) => countBar(s.name, s.count, s.value))}
      />
      <Breakdown
        title="Devices"
        note="Submissions by device"
        description="Submissions by the visitor's device."
        head={["Device", "Submissions"]}
        color={CHART_COLORS.warn}
        empty={empty}
        bars={data.submissionsByDevice.map((d) => countBar(d.device, d.count, d.pct))}
      />
    </div>
  );
}

/** A bar of submissions: its length the count, its figures the count and the share of all (in percent). */
const countBar = (category: string, count: number, pct: number): LabelledBar => ({
  category,
  count,
  label: `${formatNumber(count)} · ${formatPercent(pct)}`,
});

/**
 * A panel of labelled bars with their figures as a table (the bar's label and figures are the table's two columns);
 * `note` under the panel's title, `empty` said instead of the bars when there is nothing to show.
 */
function Breakdown(props: {
  title: string;
  note: string;
  empty: string | null;
  description: string;
  head: [string, string];
  bars: LabelledBar[];
  max?: number;
  color: string;
}) {
  return (
    <Panel title={props.title} description={props.note} empty={props.empty}>
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
    </Panel>
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
