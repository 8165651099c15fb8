"use client";
import type { MouseEvent } from "react";
import { useRouter } from "next/navigation";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { BroadcastActionsMenu } from "@/features/broadcast-send/ui/broadcast-actions-menu";
import { BroadcastStatusBadge } from "@/components/broadcasts/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { actionsColumn, DataTable, linkColumn, type ListTableProps } from "@/components/ui/data-table";
import { formatNumber } from "@/lib/format";
import { formatRate } from "@/components/broadcasts/format-rate";
import { useCan } from "@/components/permissions/role-context";

export type ListRates = Record<string, { openRate: number; clickRate: number } | undefined>;

type BroadcastTableProps = ListTableProps<Broadcast> & { workspaceId: string; rates: ListRates };

/** Drafts and scheduled broadcasts open in the composer; the others on their report. */
export const broadcastHref = (b: Pick<Broadcast, "id" | "status">) =>
  b.status === "draft" || b.status === "scheduled" ? `/broadcasts/${b.id}/edit` : `/broadcasts/${b.id}`;

/**
 * A click anywhere on a row opens it, except on what has its own job there: the name link (already a link), the
 * actions menu and the dialogs it opens (rendered inside the row, so their clicks bubble up to it).
 */
const ownClick = (e: MouseEvent) =>
  e.target instanceof Element && e.target.closest("a, button, input, select, textarea, dialog, [role=menu]") !== null;

export function BroadcastTable({ workspaceId, rates, ...table }: BroadcastTableProps) {
  const canWrite = useCan("broadcasts.write");
  const router = useRouter();
  // Counted at send time: before that the audience is still open.
  const started = (b: Broadcast) => b.status === "sending" || b.status === "sent";
  const rate = (b: Broadcast, which: "openRate" | "clickRate") => {
    const r = rates[b.id];
    return started(b) && r ? formatRate(r[which]) : "—";
  };
  return (
    <DataTable
      {...table}
      rowProps={(b) => ({
        "data-testid": "broadcast-row",
        className: "cursor-pointer",
        onClick: (e) => ownClick(e) || router.push(broadcastHref(b)),
      })}
      columns={[
        linkColumn<Broadcast>({
          id: "name",
          header: "Name",
          className: "max-w-72",
          href: broadcastHref,
          text: (b) => b.name,
          detail: (b) => b.subject || "No subject yet",
        }),
        { id: "status", header: "Status", cell: (b) => <BroadcastStatusBadge status={b.status} paused={b.paused} /> },
        {
          id: "recipients",
          header: "Recipients",
          align: "right",
          className: "tabular-nums",
          cell: (b) => (started(b) ? formatNumber(b.recipientCount) : "—"),
        },
        {
          id: "sent",
          header: "Sent",
          align: "right",
          className: "tabular-nums",
          cell: (b) =>
            b.status === "sending" ? <RowProgress broadcast={b} /> : started(b) ? formatNumber(b.sentCount) : "—",
        },
        {
          id: "opened",
          header: "Opened",
          align: "right",
          className: "text-slate-500 tabular-nums",
          cell: (b) => rate(b, "openRate"),
        },
        {
          id: "clicked",
          header: "Clicked",
          align: "right",
          className: "text-slate-500 tabular-nums",
          cell: (b) => rate(b, "clickRate"),
        },
        {
          id: "when",
          header: "When",
          hideBelow: "lg",
          className: "whitespace-nowrap text-slate-500",
          cell: (b) => <When broadcast={b} />,
        },
        canWrite && actionsColumn((b: Broadcast) => <BroadcastActionsMenu workspaceId={workspaceId} broadcast={b} />),
      ]}
    />
  );
}

function When({ broadcast: b }: { broadcast: Broadcast }) {
  const [label, iso] =
    b.status === "sent" && b.sentAt
      ? ["Sent", b.sentAt]
      : b.status === "sending" && b.sendStartedAt
        ? ["Started", b.sendStartedAt]
        : b.status === "scheduled" && b.scheduledAt
          ? ["Sends", b.scheduledAt]
          : ["Created", b.createdAt];
  return (
    <>
      {label} <RelativeTime iso={iso} />
    </>
  );
}

/** A send in flight: settled recipients (sent or not sendable) of the audience counted when sending started. */
function RowProgress({ broadcast: b }: { broadcast: Broadcast }) {
  const settled = b.sentCount + b.failedCount;
  const pct = b.recipientCount > 0 ? Math.min(100, (settled / b.recipientCount) * 100) : 0;
  return (
    <span className="inline-flex flex-col items-end gap-1" data-testid="row-progress">
      <span className="text-[13px] whitespace-nowrap">
        {formatNumber(b.sentCount)} of {formatNumber(b.recipientCount)}
      </span>
      <span
        role="progressbar"
        aria-label={`Sending progress of ${b.name}`}
        aria-valuemin={0}
        aria-valuemax={b.recipientCount}
        aria-valuenow={settled}
        className="block h-1.5 w-20 overflow-hidden rounded-full bg-slate-100"
      >
        <span
          className={`block h-full rounded-full ${b.paused ? "bg-amber-400" : "bg-brand-500"}`}
          style={{ width: `${pct}%` }}
        />
      </span>
    </span>
  );
}
