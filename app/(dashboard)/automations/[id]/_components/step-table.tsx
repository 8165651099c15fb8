"use client";
// Each step's figures, in the order a contact meets the steps (branches indented under the step that splits). Steps
// an older version had and the newest no longer has keep their counts, listed last.
import clsx from "clsx";
import type { Automation, AutomationAnalytics } from "@/lib/schemas/automations";
import { Card, CardHeader } from "@/components/ui/card";
import { TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { flowOrder, STEP_TYPE_LABELS, stepText, type AutomationNames } from "../../_lib/describe";
import { rateText } from "../../_lib/rates";

type StepFigures = AutomationAnalytics["steps"][number];

export function StepTable({
  automation,
  analytics,
  names,
}: {
  automation: Automation;
  analytics: AutomationAnalytics;
  names: AutomationNames;
}) {
  const figures = new Map(analytics.steps.map((s) => [s.stepId, s]));
  const rows = flowOrder(automation.startStepId, automation.steps);
  const current = new Set(automation.steps.map((s) => s.id));
  const removed = analytics.steps.filter((s) => !current.has(s.stepId));
  const dash = <span className="text-slate-500">—</span>;
  const emailFigure = (f: StepFigures | undefined, show: (f: StepFigures) => string, isEmail: boolean) =>
    isEmail && f ? show(f) : dash;

  return (
    <Card className="min-w-0">
      <CardHeader
        title="Steps"
        description="How many contacts reached each step in the range, and how many wait at it now. Sent, rates and unsubscribes are of the step's emails; goals, of contacts who reached the goal."
      />
      {rows.length === 0 ? (
        <p className="px-5 py-6 text-center text-[13px] text-slate-500">This automation has no steps yet.</p>
      ) : (
        // A figures-only table has nothing to focus: its scroller takes focus itself, so a keyboard can scroll it sideways
        // on a narrow screen.
        <div
          role="region"
          aria-label="Step figures"
          tabIndex={0}
          className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          <table
            className="w-full border-collapse text-left text-sm [&_td]:px-3 [&_td:first-child]:pl-5 [&_th]:px-3 [&_th:first-child]:pl-5"
            data-testid="step-table"
          >
            <caption className="sr-only">Figures of each step, in the order contacts go through them</caption>
            <THead>
              <tr>
                <TH>Step</TH>
                <TH className="text-right">Entered</TH>
                <TH className="text-right">Waiting</TH>
                <TH className="text-right">Completed</TH>
                <TH className="text-right">Sent</TH>
                <TH className="text-right">Open rate</TH>
                <TH className="text-right">Click rate</TH>
                <TH className="text-right">Unsubs</TH>
                <TH className="text-right">Goals</TH>
              </tr>
            </THead>
            <TBody>
              {rows.map(({ step, depth, branch }) => {
                const f = figures.get(step.id);
                const isEmail = step.type === "email";
                return (
                  <TR key={step.id} data-testid="step-row" data-step-id={step.id}>
                    <TD className="max-w-[20rem] min-w-[12rem]">
                      <div
                        style={{ paddingLeft: `${Math.min(depth, 6) * 1.25}rem` }}
                        className={clsx(depth > 0 && "border-l-2 border-slate-200 pl-2")}
                      >
                        {branch && (
                          <span className="block text-[11px] font-medium tracking-wide text-slate-500 uppercase">
                            {branch}
                          </span>
                        )}
                        <span className="block truncate font-medium text-slate-900" title={stepText(step, names)}>
                          {stepText(step, names)}
                        </span>
                        <span className="block text-xs text-slate-500">{STEP_TYPE_LABELS[step.type]}</span>
                      </div>
                    </TD>
                    <Num value={f?.entered ?? 0} />
                    <Num value={f?.waiting ?? 0} />
                    <Num value={f?.completed ?? 0} />
                    <TD className="text-right tabular-nums">{isEmail ? formatNumber(f?.emailsSent ?? 0) : dash}</TD>
                    <TD className="text-right tabular-nums">
                      {emailFigure(f, (x) => rateText(x.opens, x.emailsSent), isEmail)}
                    </TD>
                    <TD className="text-right tabular-nums">
                      {emailFigure(f, (x) => rateText(x.clicks, x.emailsSent), isEmail)}
                    </TD>
                    <TD className="text-right tabular-nums">{isEmail ? formatNumber(f?.unsubscribes ?? 0) : dash}</TD>
                    <TD className="text-right tabular-nums">
                      {step.type === "goal" ? formatNumber(f?.goalReached ?? 0) : dash}
                    </TD>
                  </TR>
                );
              })}
              {removed.map((f) => (
                <TR key={`removed-${f.stepId}`} data-testid="step-row" data-step-id={f.stepId}>
                  <TD>
                    <span className="block font-medium text-slate-600">Removed step “{f.stepId}”</span>
                    <span className="block text-xs text-slate-500">
                      {STEP_TYPE_LABELS[f.type]} · no longer in the automation
                    </span>
                  </TD>
                  <Num value={f.entered} />
                  <Num value={f.waiting} />
                  <Num value={f.completed} />
                  <Num value={f.type === "email" ? f.emailsSent : undefined} />
                  <TD className="text-right tabular-nums">
                    {f.type === "email" ? rateText(f.opens, f.emailsSent) : dash}
                  </TD>
                  <TD className="text-right tabular-nums">
                    {f.type === "email" ? rateText(f.clicks, f.emailsSent) : dash}
                  </TD>
                  <Num value={f.type === "email" ? f.unsubscribes : undefined} />
                  <Num value={f.type === "goal" ? f.goalReached : undefined} />
                </TR>
              ))}
            </TBody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** A count, or a dash where the step has no such figure (emails sent by a delay). */
function Num({ value }: { value: number | undefined }) {
  return (
    <TD className="text-right tabular-nums">
      {value === undefined ? <span className="text-slate-500">—</span> : formatNumber(value)}
    </TD>
  );
}
