"use client";
import type { ReactNode } from "react";
import Link from "next/link";
import type { Enrolment } from "@/lib/schemas/automations";
import { RelativeTime } from "@/components/ui/relative-time";
import { TD, TR } from "@/components/ui/table";
import { exitReasonText } from "../../_lib/describe";
import { RunStatus } from "../../_components/status-badge";

export function EnrolmentRow({
  run,
  stepName,
  action,
}: {
  run: Enrolment;
  stepName: string | null;
  action: ReactNode;
}) {
  return (
    <TR data-testid="enrolment-row">
      <TD className="max-w-[16rem]">
        <Link
          href={`/contacts/${run.contactId}`}
          title={run.email}
          className="block truncate rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {run.email}
        </Link>
      </TD>
      <TD className="whitespace-nowrap">
        <RunStatus status={run.status} converted={run.converted} />
        {run.status === "exited" && (
          <span className="mt-0.5 block text-xs text-slate-500">{exitReasonText(run.exitReason)}</span>
        )}
      </TD>
      <TD className="max-w-[16rem]">
        {stepName ? (
          <span className="block truncate text-slate-700" title={stepName}>
            {stepName}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
        {run.status === "active" && run.dueAt && (
          <span className="block text-xs whitespace-nowrap text-slate-500">
            Next move <RelativeTime iso={run.dueAt} />
          </span>
        )}
      </TD>
      <TD className="whitespace-nowrap text-slate-600">
        <RelativeTime iso={run.enteredAt} />
      </TD>
      <TD className="whitespace-nowrap text-slate-600">
        {run.finishedAt ? <RelativeTime iso={run.finishedAt} /> : <span className="text-slate-500">—</span>}
      </TD>
      <TD className="text-right whitespace-nowrap">{action}</TD>
    </TR>
  );
}
