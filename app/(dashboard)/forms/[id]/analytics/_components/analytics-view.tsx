"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { FormAnalytics, FormField } from "@/lib/schemas/forms";
import { Spinner } from "@/components/ui/spinner";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { errorMessage, fieldErrorsOf, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { rangeLabel, rangeQuery, rangeSearch, type AnalyticsRange } from "@/lib/form-analytics/range";
import { formAnalyticsAction } from "../actions";
import { RangePicker } from "./range-picker";
import { Breakdowns, KeyFigures, Trends } from "./analytics-panels";

type AnalyticsViewProps = {
  workspaceId: string;
  form: { id: string; fields: FormField[] };
  initialRange: AnalyticsRange;
  initial: FormAnalytics;
};

export function AnalyticsView({ workspaceId, form, initialRange, initial }: AnalyticsViewProps) {
  const [range, setRange] = useState<AnalyticsRange>(initialRange);
  const query = useQuery({
    queryKey: [...queryKeys.forms.analytics(workspaceId, form.id), range],
    queryFn: async () => unwrap(await formAnalyticsAction({ formId: form.id, query: rangeQuery(range) })),
    initialData: range === initialRange ? initial : undefined,
    placeholderData: keepPreviousData,
    // Today's figures move while the form is live.
    refetchInterval: 60_000,
  });
  const data = query.data ?? initial;

  function choose(next: AnalyticsRange) {
    setRange(next);
    // The range lives in the URL too, so a reload or a shared link shows the same figures (no navigation).
    window.history.replaceState(null, "", `${window.location.pathname}${rangeSearch(next)}`);
  }

  // A custom range the server refuses (over two years) belongs next to the date inputs, not in a banner.
  const rangeError = range.range === "custom" && query.isError ? rangeErrorText(query.error) : undefined;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RangePicker value={range} onChange={choose} error={rangeError} />
        <p className="flex items-center gap-2 text-[13px] text-slate-500" aria-live="polite">
          {query.isFetching && <Spinner className="text-slate-400" />}
          {rangeLabel(range)} · UTC days
        </p>
      </div>
      {!rangeError && <QueryErrorNotice query={query} />}
      <div
        className={query.isPlaceholderData ? "space-y-5 opacity-60 transition-opacity" : "space-y-5"}
        data-testid="form-analytics"
      >
        <KeyFigures data={data} />
        <Trends data={data} />
        <Breakdowns data={data} fields={form.fields} />
      </div>
    </div>
  );
}

function rangeErrorText(error: unknown): string {
  const fields = fieldErrorsOf(error);
  return fields.query ?? errorMessage(error);
}
