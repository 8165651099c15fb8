"use client";
// The report's header: name, status, what starts it and since when, the way to the builder, Pause/Resume and the menu.
import Link from "next/link";
import type { ReactNode } from "react";
import type { Automation } from "@/lib/schemas/automations";
import { buttonClasses } from "@/components/ui/button-classes";
import { PencilIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { useCan } from "@/components/permissions/role-context";
import { triggerText, type AutomationNames } from "../../_lib/describe";
import { AutomationActionsMenu } from "../../_components/automation-actions-menu";
import { AutomationStatusBadge } from "../../_components/status-badge";

type Props = { workspaceId: string; automation: Automation; names: AutomationNames };

export function ReportHeader({ workspaceId, automation: a, names }: Props) {
  const canWrite = useCan("broadcasts.write");
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2.5">
          <h1 className="min-w-0 text-xl font-semibold tracking-tight break-words text-slate-900">{a.name}</h1>
          <AutomationStatusBadge status={a.status} />
        </div>
        {a.description && <p className="mt-1 text-sm text-slate-600">{a.description}</p>}
        <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-slate-500">
          <Meta label="Starts when">{triggerText(a.trigger, names)}</Meta>
          <Meta label="Steps">{a.steps.length}</Meta>
          {a.version > 0 && <Meta label="Version">{a.version}</Meta>}
          {a.status === "paused" && a.pausedAt ? (
            <Meta label="Paused">
              <RelativeTime iso={a.pausedAt} />
            </Meta>
          ) : a.status === "archived" && a.archivedAt ? (
            <Meta label="Archived">
              <RelativeTime iso={a.archivedAt} />
            </Meta>
          ) : (
            a.activatedAt && (
              <Meta label="Active since">
                <RelativeTime iso={a.activatedAt} />
              </Meta>
            )
          )}
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:flex-nowrap">
        {canWrite && a.status !== "archived" && (
          <Link href={`/automations/${a.id}/edit`} className={buttonClasses("secondary")}>
            <PencilIcon />
            {a.status === "draft" ? "Open the builder" : "Edit steps"}
          </Link>
        )}
        <AutomationActionsMenu workspaceId={workspaceId} automation={a} pauseButton />
      </div>
    </div>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="text-slate-500">{label}:</dt>
      <dd className="min-w-0 truncate text-slate-700">{children}</dd>
    </div>
  );
}
