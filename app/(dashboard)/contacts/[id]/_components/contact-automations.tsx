"use client";
// The automations this contact is or was in (newest entry first): where they are now or how they left, and, folded,
// each step they went through with when and how it ended. Polled while open: contacts move on their own.
import type { ReactNode } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { ContactAutomation } from "@/server/services/automations/list-contact-automations";
import type { StepType } from "@/lib/schemas/automations";
import { Card, CardHeader } from "@/components/ui/card";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { exitReasonText, outcomeText, STEP_TYPE_LABELS } from "../../../automations/_lib/describe";
import { RunStatus } from "../../../automations/_components/status-badge";
import { listContactAutomationsAction } from "../automations-actions";

const REFRESH_MS = 15_000;

type Props = { workspaceId: string; contactId: string; initial: ContactAutomation[]; enabled: boolean };

const typeLabel = (type: string) => STEP_TYPE_LABELS[type as StepType] ?? type;

export function ContactAutomations({ workspaceId, contactId, initial, enabled }: Props) {
  const query = useQuery({
    queryKey: queryKeys.automations.ofContact(workspaceId, contactId),
    queryFn: async () => unwrap(await listContactAutomationsAction({ id: contactId })),
    initialData: initial,
    enabled,
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === "active") ? REFRESH_MS : false),
  });
  const runs = query.data ?? initial;

  return (
    <Card data-testid="contact-automations">
      <CardHeader
        title="Automations"
        description="Where this contact is in each automation, and the steps they took."
      />
      <QueryErrorNotice query={query} />
      {runs.length === 0 ? (
        <p className="px-5 py-4 text-[13px] text-slate-500">Not in any automation yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {runs.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function RunItem({ run }: { run: ContactAutomation }) {
  const current = run.history.at(-1);
  const at = run.stepName ?? (current && current.stepId === run.stepId ? typeLabel(current.type) : run.stepId);
  return (
    <li className="px-5 py-3.5" data-testid="contact-automation">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={`/automations/${run.automationId}`}
          className="min-w-0 truncate rounded text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          title={run.automationName}
        >
          {run.automationName}
        </Link>
        <RunStatus status={run.status} converted={run.converted} />
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-[13px] text-slate-600">
        {run.status === "active" && at && (
          <Fact label="At step">
            {at}
            {run.dueAt && (
              <span className="text-slate-500">
                {" "}
                · next move <RelativeTime iso={run.dueAt} />
              </span>
            )}
          </Fact>
        )}
        {run.status === "exited" && <Fact label="Left">{exitReasonText(run.exitReason)}</Fact>}
        <Fact label="Entered">
          <RelativeTime iso={run.enteredAt} />
        </Fact>
        {run.finishedAt && (
          <Fact label={run.status === "completed" ? "Completed" : "Finished"}>
            <RelativeTime iso={run.finishedAt} />
          </Fact>
        )}
      </dl>
      {run.history.length > 0 && (
        <details className="group mt-2">
          <summary className="inline-block cursor-pointer rounded text-[13px] font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            Step history ({run.history.length})
          </summary>
          <ol
            className="mt-2 space-y-1.5 border-l-2 border-slate-200 pl-3"
            aria-label={`Steps of ${run.automationName}`}
          >
            {run.history.map((h, i) => (
              <li key={`${h.stepId}-${i}`} className="text-[13px]">
                <span className="font-medium text-slate-800">{h.stepName ?? typeLabel(h.type)}</span>{" "}
                <span className="text-slate-500">
                  · <RelativeTime iso={h.enteredAt} /> · {h.leftAt ? outcomeText(h.outcome) : "Here now"}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="text-slate-500">{label}:</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
