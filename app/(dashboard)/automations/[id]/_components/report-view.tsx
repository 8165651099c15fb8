"use client";
// The automation report: header (status and moves), totals over a range (7, 30 or 90 days), each step's figures in
// flow order, and the enrolments table (who is or was inside, adding or removing a contact by hand). Contacts move
// on their own, so the figures are polled while the page is open.
import { useState } from "react";
import clsx from "clsx";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BackLink } from "@/components/ui/back-link";
import { Notice } from "@/components/ui/notice";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Spinner } from "@/components/ui/spinner";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { getAutomationReportAction } from "../../report-actions";
import type { AutomationReport } from "../../_lib/load-report";
import { REPORT_RANGES, type ReportRange } from "../../_lib/ranges";
import { EnrolmentsCard } from "./enrolments-card";
import { ReportFigures } from "./report-figures";
import { hasGoalStep } from "../../_lib/rates";
import { ReportHeader } from "./report-header";
import { StepTable } from "./step-table";

const ACTIVE_REFRESH_MS = 5_000;
const IDLE_REFRESH_MS = 30_000;

export function ReportView({ workspaceId, initial }: { workspaceId: string; initial: AutomationReport }) {
  const id = initial.automation.id;
  const [days, setDays] = useState<ReportRange>(30);
  const query = useQuery({
    queryKey: queryKeys.automations.report(workspaceId, id, days),
    queryFn: async () => unwrap(await getAutomationReportAction({ id, days })),
    initialData: days === 30 ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.automation.status === "active" ? ACTIVE_REFRESH_MS : IDLE_REFRESH_MS),
  });
  const { automation, analytics, names } = query.data ?? initial;

  return (
    <div data-testid="automation-report">
      <BackLink href="/automations">Automations</BackLink>
      <ReportHeader workspaceId={workspaceId} automation={automation} names={names} />
      <QueryErrorNotice query={query} />
      {automation.status === "draft" && (
        <Notice tone="info" className="mb-4">
          A draft: nobody enters it until it is activated in the builder.
        </Notice>
      )}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-900">Results</h2>
        <div className="flex items-center gap-2">
          {query.isFetching && query.isPlaceholderData && <Spinner className="text-slate-400" />}
          <RangeButtons value={days} onChange={setDays} />
        </div>
      </div>
      <div className={clsx("mb-6 space-y-6", query.isPlaceholderData && "opacity-60")}>
        <ReportFigures
          analytics={analytics}
          inside={automation.counts.inside}
          hasGoal={hasGoalStep(automation.steps)}
        />
        <StepTable automation={automation} analytics={analytics} names={names} />
      </div>
      <EnrolmentsCard workspaceId={workspaceId} automation={automation} names={names} />
    </div>
  );
}

function RangeButtons({ value, onChange }: { value: ReportRange; onChange: (days: ReportRange) => void }) {
  return (
    <div role="group" aria-label="Date range" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {REPORT_RANGES.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={value === d}
          onClick={() => onChange(d)}
          className={clsx(
            "h-7 rounded-md px-2.5 text-[13px] font-medium whitespace-nowrap transition-colors",
            "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
            value === d
              ? "bg-brand-600 text-white shadow-xs"
              : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
          )}
        >
          Last {d} days
        </button>
      ))}
    </div>
  );
}
