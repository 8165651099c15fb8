"use client";
import type { MouseEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { BroadcastActionsMenu } from "@/features/broadcast-send/ui/broadcast-actions-menu";
import { BroadcastStatusBadge } from "@/components/broadcasts/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { formatRate } from "@/components/broadcasts/format-rate";
import { useCan } from "@/components/permissions/role-context";

export type ListRates = Record<string, { openRate: number; clickRate: number } | undefined>;

type BroadcastTableProps = { workspaceId: string; broadcasts: Broadcast[]; rates: ListRates };

/** Drafts and scheduled broadcasts open in the composer; the others on their report. */
export const broadcastHref = (b: Pick<Broadcast, "id" | "status">) =>
  b.status === "draft" || b.status === "scheduled" ? `/broadcasts/${b.id}/edit` : `/broadcasts/${b.id}`;

/**
 * A click anywhere on a row opens it, except on what has its own job there: the name link (already a link), the
 * actions menu and the dialogs it opens (rendered inside the row, so their clicks bubble up to it).
 */
const ownClick = (e: MouseEvent) =>
  e.target instanceof Element && e.target.closest("a, button, input, select, textarea, dialog, [role=menu]") !== null;

export function BroadcastTable({ workspaceId, broadcasts, rates }: BroadcastTableProps) {
  const canWrite = useCan("broadcasts.write");
  const router = useRouter();
  return (
    <Table>
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Status</TH>
          <TH className="text-right">Recipients</TH>
          <TH className="text-right">Sent</TH>
          <TH className="text-right">Opened</TH>
          <TH className="text-right">Clicked</TH>
          <TH className="hidden lg:table-cell">When</TH>
          {canWrite && (
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          )}
        </tr>
      </THead>
      <TBody>
        {broadcasts.map((b) => {
          // Counted at send time: before that the audience is still open.
          const started = b.status === "sending" || b.status === "sent";
          const rate = rates[b.id];
          return (
            <TR
              key={b.id}
              data-testid="broadcast-row"
              className="cursor-pointer"
              onClick={(e) => ownClick(e) || router.push(broadcastHref(b))}
            >
              <TD className="max-w-72">
                <Link
                  href={broadcastHref(b)}
                  className="block truncate rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {b.name}
                </Link>
                <span className="block truncate text-[13px] text-slate-500">{b.subject || "No subject yet"}</span>
              </TD>
              <TD>
                <BroadcastStatusBadge status={b.status} paused={b.paused} />
              </TD>
              <TD className="text-right tabular-nums">{started ? formatNumber(b.recipientCount) : "—"}</TD>
              <TD className="text-right tabular-nums">
                {b.status === "sending" ? <RowProgress broadcast={b} /> : started ? formatNumber(b.sentCount) : "—"}
              </TD>
              <TD className="text-right text-slate-500 tabular-nums">
                {started && rate ? formatRate(rate.openRate) : "—"}
              </TD>
              <TD className="text-right text-slate-500 tabular-nums">
                {started && rate ? formatRate(rate.clickRate) : "—"}
              </TD>
              <TD className="hidden whitespace-nowrap text-slate-500 lg:table-cell">
                <When broadcast={b} />
              </TD>
              {canWrite && (
                <TD className="w-px text-right whitespace-nowrap">
                  <BroadcastActionsMenu workspaceId={workspaceId} broadcast={b} />
                </TD>
              )}
            </TR>
          );
        })}
      </TBody>
    </Table>
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
