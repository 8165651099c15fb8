"use client";
import clsx from "clsx";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { DeliveryStatusBadge, TriggerBadge, formatDuration } from "./delivery-status";

type DeliveryTableProps = {
  deliveries: WebhookDelivery[];
  onOpen: (delivery: WebhookDelivery) => void;
  /** A delivery just made here (a test, a redelivery), marked so the eye finds it at the top. */
  highlightId: string | null;
};

export function DeliveryTable({ deliveries, onOpen, highlightId }: DeliveryTableProps) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Event</TH>
          <TH>Status</TH>
          <TH className="text-right">Attempt</TH>
          <TH>Trigger</TH>
          <TH className="text-right">Duration</TH>
          <TH>Attempted</TH>
          <TH>Next retry</TH>
        </tr>
      </THead>
      <TBody>
        {deliveries.map((d) => (
          <TR
            key={d.id}
            data-testid="delivery-row"
            // The whole row is a mouse target; the event button is the keyboard and screen-reader one.
            onClick={() => onOpen(d)}
            className={clsx("cursor-pointer", d.id === highlightId && "bg-brand-50/70")}
          >
            <TD>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={(e) => (e.stopPropagation(), onOpen(d))}
                className="rounded font-mono text-[13px] font-medium whitespace-nowrap text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {d.eventType}
              </button>
            </TD>
            <TD>
              <DeliveryStatusBadge delivery={d} />
            </TD>
            <TD className="text-right tabular-nums">{d.attemptCount}</TD>
            <TD>
              <TriggerBadge trigger={d.trigger} />
            </TD>
            <TD className="text-right whitespace-nowrap text-slate-500 tabular-nums">
              {formatDuration(d.responseTimeMs)}
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              <RelativeTime iso={d.attemptedAt} />
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              {d.nextRetryAt ? <RelativeTime iso={d.nextRetryAt} /> : <span className="text-slate-400">—</span>}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
