// The report's totals over the chosen range, beside who is inside now (which no range limits).
import type { ReactNode } from "react";
import type { AutomationAnalytics } from "@/lib/schemas/automations";
import { formatNumber } from "@/lib/format";
import { conversionText, rateText } from "../../_lib/rates";

export function ReportFigures({
  analytics: a,
  inside,
  hasGoal,
}: {
  analytics: AutomationAnalytics;
  inside: number;
  /** Without a goal step nobody converts: the rate reads "—", not 0 %. */
  hasGoal: boolean;
}) {
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading" className="sr-only">
        Totals
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="automation-totals">
        <Figure label="Entered" value={formatNumber(a.entered)} testId="total-entered" />
        <Figure label="Inside now" value={formatNumber(inside)} note="Whatever the range" testId="total-inside" />
        <Figure
          label="Completed"
          value={formatNumber(a.completed)}
          note={`${rateText(a.completed, a.entered)} of entered`}
        />
        <Figure
          label="Exited early"
          value={formatNumber(a.exited)}
          note={`${rateText(a.exited, a.entered)} of entered`}
        />
        <Figure label="Converted" value={formatNumber(a.converted)} note="Reached a goal" />
        <Figure
          label="Conversion rate"
          value={conversionText(a.converted, a.entered, hasGoal)}
          note={hasGoal ? "Converted of entered" : "No goal step"}
        />
      </dl>
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
