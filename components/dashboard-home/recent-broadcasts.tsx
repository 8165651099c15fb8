// The home page's latest broadcasts: each links to where it is worked on (the composer for drafts and scheduled
// ones, the report once sending started), with when it went out and its rates.
import Link from "next/link";
import type { RecentBroadcast } from "@/lib/broadcast-report";
import { BroadcastStatusBadge } from "@/components/broadcasts/status-badge";
import { formatRate } from "@/components/broadcasts/format-rate";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

export function RecentBroadcasts({ broadcasts }: { broadcasts: RecentBroadcast[] }) {
  return (
    <Table>
      <caption className="sr-only">Recent broadcasts</caption>
      <THead>
        <tr>
          <TH>Broadcast</TH>
          <TH className="px-3!">When</TH>
          <TH className="px-3! text-right">Opens</TH>
          <TH className="pl-3! text-right">Clicks</TH>
        </tr>
      </THead>
      <TBody>
        {broadcasts.map((b) => {
          const started = b.status === "sending" || b.status === "sent";
          return (
            <TR key={b.id} data-testid="home-broadcast">
              {/* The name takes what the figures leave and truncates (max-w-0 + w-full), so the card never needs
                  to scroll sideways to show its last column. */}
              <TD className="w-full max-w-0">
                <Link
                  href={started ? `/broadcasts/${b.id}` : `/broadcasts/${b.id}/edit`}
                  title={b.name}
                  className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {b.name}
                </Link>
                <span className="mt-0.5 block">
                  <BroadcastStatusBadge status={b.status} paused={b.paused} />
                </span>
              </TD>
              <TD className="px-3! text-[13px] whitespace-nowrap text-slate-500">{when(b)}</TD>
              <TD className="px-3! text-right tabular-nums">{started ? formatRate(b.openRate) : "—"}</TD>
              <TD className="pl-3! text-right tabular-nums">{started ? formatRate(b.clickRate) : "—"}</TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

function when(b: RecentBroadcast) {
  if (b.status === "sent" && b.sentAt)
    return (
      <>
        Sent <RelativeTime iso={b.sentAt} />
      </>
    );
  if (b.status === "sending" && b.sendStartedAt)
    return (
      <>
        Started <RelativeTime iso={b.sendStartedAt} />
      </>
    );
  if (b.status === "scheduled" && b.scheduledAt)
    return (
      <>
        Goes out <RelativeTime iso={b.scheduledAt} />
      </>
    );
  return (
    <>
      Edited <RelativeTime iso={b.updatedAt} />
    </>
  );
}
