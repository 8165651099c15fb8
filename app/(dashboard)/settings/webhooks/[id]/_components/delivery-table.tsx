"use client";
import clsx from "clsx";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import { DataTable, type ListTableProps } from "@/components/ui/data-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { DeliveryStatusBadge, TriggerBadge, formatDuration } from "./delivery-status";

type DeliveryTableProps = ListTableProps<WebhookDelivery> & {
  onOpen: (delivery: WebhookDelivery) => void;
  /** A delivery just made here (a test, a redelivery), marked so the eye finds it at the top. */
  highlightId: string | null;
};

export function DeliveryTable({ onOpen, highlightId, ...table }: DeliveryTableProps) {
  return (
    <DataTable
      {...table}
      rowProps={(d) => ({
        "data-testid": "delivery-row",
        // The whole row is a mouse target; the event button is the keyboard and screen-reader one.
        onClick: () => onOpen(d),
        className: clsx("cursor-pointer", d.id === highlightId && "bg-brand-50/70"),
      })}
      columns={[
        {
          id: "event",
          header: "Event",
          cell: (d) => (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={(e) => (e.stopPropagation(), onOpen(d))}
              className="rounded font-mono text-[13px] font-medium whitespace-nowrap text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {d.eventType}
            </button>
          ),
        },
        { id: "status", header: "Status", cell: (d) => <DeliveryStatusBadge delivery={d} /> },
        { id: "attempt", header: "Attempt", align: "right", className: "tabular-nums", cell: (d) => d.attemptCount },
        { id: "trigger", header: "Trigger", cell: (d) => <TriggerBadge trigger={d.trigger} /> },
        {
          id: "duration",
          header: "Duration",
          align: "right",
          className: "whitespace-nowrap text-slate-500 tabular-nums",
          cell: (d) => formatDuration(d.responseTimeMs),
        },
        {
          id: "attempted",
          header: "Attempted",
          className: "whitespace-nowrap text-slate-500",
          cell: (d) => <RelativeTime iso={d.attemptedAt} />,
        },
        {
          id: "nextRetry",
          header: "Next retry",
          className: "whitespace-nowrap text-slate-500",
          cell: (d) =>
            d.nextRetryAt ? <RelativeTime iso={d.nextRetryAt} /> : <span className="text-slate-400">—</span>,
        },
      ]}
    />
  );
}
