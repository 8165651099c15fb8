"use client";
import type { Automation } from "@/lib/schemas/automations";
import { RelativeTime } from "@/components/ui/relative-time";
import { actionsColumn, DataTable, linkColumn, type ListTableProps } from "@/components/ui/data-table";
import { formatNumber } from "@/lib/format";
import { triggerText, type AutomationNames } from "../_lib/describe";
import { conversionText, hasGoalStep } from "../_lib/rates";
import { AutomationActionsMenu } from "./automation-actions-menu";
import { AutomationStatusBadge } from "./status-badge";

/** A draft opens in the builder (there is nothing to report yet); the others on their report. */
export const automationHref = (a: Pick<Automation, "id" | "status">) =>
  a.status === "draft" ? `/automations/${a.id}/edit` : `/automations/${a.id}`;

type Props = ListTableProps<Automation> & { workspaceId: string; names: AutomationNames };

export function AutomationsTable({ workspaceId, names, ...table }: Props) {
  return (
    <DataTable
      {...table}
      rowProps={() => ({ "data-testid": "automation-row" })}
      columns={[
        linkColumn<Automation>({
          id: "name",
          header: "Name",
          className: "max-w-72",
          href: automationHref,
          text: (a) => a.name,
          detail: (a) => `When: ${triggerText(a.trigger, names)}`,
        }),
        { id: "status", header: "Status", cell: (a) => <AutomationStatusBadge status={a.status} /> },
        {
          id: "inside",
          header: "Inside now",
          align: "right",
          className: "tabular-nums",
          cell: (a) => formatNumber(a.counts.inside),
        },
        {
          id: "entered",
          header: "Entered",
          align: "right",
          className: "tabular-nums",
          cell: (a) => formatNumber(a.counts.entered),
        },
        {
          id: "conversion",
          header: "Conversion",
          align: "right",
          className: "text-slate-600 tabular-nums",
          cell: (a) => conversionText(a.counts.converted, a.counts.entered, hasGoalStep(a.steps)),
        },
        {
          id: "updated",
          header: "Updated",
          hideBelow: "lg",
          className: "whitespace-nowrap text-slate-500",
          cell: (a) => <RelativeTime iso={a.updatedAt} />,
        },
        actionsColumn((a: Automation) => <AutomationActionsMenu workspaceId={workspaceId} automation={a} />),
      ]}
    />
  );
}
