"use client";
import Link from "next/link";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { BroadcastStatusBadge } from "@/components/broadcasts/status-badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { formatRate } from "@/components/broadcasts/format-rate";

export type ListRates = Record<string, { openRate: number; clickRate: number } | undefined>;

type BroadcastTableProps = {
  broadcasts: Broadcast[];
  rates: ListRates;
  onArchive: (broadcast: Broadcast) => void;
};

export function BroadcastTable({ broadcasts, rates, onArchive }: BroadcastTableProps) {
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
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {broadcasts.map((b) => {
          // Counted at send time: before that the audience is still open.
          const started = b.status === "sending" || b.status === "sent";
          const rate = rates[b.id];
          return (
            <TR key={b.id} data-testid="broadcast-row">
              <TD className="max-w-72">
                <Link
                  href={`/broadcasts/${b.id}`}
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
              <TD className="text-right tabular-nums">{started ? formatNumber(b.sentCount) : "—"}</TD>
              <TD className="text-right text-slate-500 tabular-nums">
                {started && rate ? formatRate(rate.openRate) : "—"}
              </TD>
              <TD className="text-right text-slate-500 tabular-nums">
                {started && rate ? formatRate(rate.clickRate) : "—"}
              </TD>
              <TD className="hidden whitespace-nowrap text-slate-500 lg:table-cell">
                <When broadcast={b} />
              </TD>
              <TD className="w-px text-right whitespace-nowrap">
                {b.status !== "sending" && (
                  <Button variant="ghost" size="sm" onClick={() => onArchive(b)}>
                    {b.archived ? "Unarchive" : "Archive"}
                  </Button>
                )}
              </TD>
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
