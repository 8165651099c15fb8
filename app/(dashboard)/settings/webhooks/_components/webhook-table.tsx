"use client";
import type { Webhook } from "@/lib/schemas/webhooks";
import { webhookEventTypes } from "@/lib/schemas/webhook-events";
import { Button } from "@/components/ui/button";
import { DataTable, linkColumn, type ListTableProps } from "@/components/ui/data-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { WebhookStatusBadge, WebhookStatusDetail, webhookState } from "./webhook-status";

const SHOWN_EVENTS = 2;

type WebhookTableProps = ListTableProps<Webhook> & {
  onReenable: (webhook: Webhook) => void;
  reenablingId: string | null;
};

export function WebhookTable({ onReenable, reenablingId, ...table }: WebhookTableProps) {
  return (
    <DataTable
      {...table}
      columns={[
        linkColumn<Webhook>({
          id: "endpoint",
          header: "Endpoint",
          className: "max-w-xs",
          linkClassName: "font-mono text-[13px]",
          href: (w) => `/settings/webhooks/${w.id}`,
          text: (w) => w.url,
        }),
        { id: "events", header: "Events", cell: (w) => <EventsSummary events={w.events} /> },
        {
          id: "status",
          header: "Status",
          className: "min-w-56",
          cell: (w) => (
            <div className="flex flex-col items-start gap-1">
              <WebhookStatusBadge webhook={w} />
              <WebhookStatusDetail webhook={w} />
              {/* Beside the reason it answers, rather than in a column that scrolls out of view. */}
              {webhookState(w) === "auto-disabled" && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-1"
                  loading={reenablingId === w.id}
                  onClick={() => onReenable(w)}
                  aria-label={`Re-enable ${w.url}`}
                >
                  Re-enable
                </Button>
              )}
            </div>
          ),
        },
        {
          id: "lastSuccess",
          header: "Last success",
          className: "whitespace-nowrap text-slate-500",
          cell: (w) =>
            w.lastSuccessAt ? <RelativeTime iso={w.lastSuccessAt} /> : <span className="text-slate-400">Never</span>,
        },
        {
          id: "created",
          header: "Created",
          className: "whitespace-nowrap text-slate-500",
          cell: (w) => <RelativeTime iso={w.createdAt} />,
        },
      ]}
    />
  );
}

function EventsSummary({ events }: { events: string[] }) {
  if (webhookEventTypes.every((t) => events.includes(t))) {
    return (
      <span className="text-[13px] whitespace-nowrap text-slate-700" title={events.join(", ")}>
        All events ({events.length})
      </span>
    );
  }
  const rest = events.length - SHOWN_EVENTS;
  return (
    <div className="flex flex-wrap items-center gap-1" title={events.join(", ")}>
      <span className="mr-1 text-[13px] whitespace-nowrap text-slate-500">
        {events.length === 1 ? "1 event" : `${events.length} events`}
      </span>
      {events.slice(0, SHOWN_EVENTS).map((e) => (
        <code key={e} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-700">
          {e}
        </code>
      ))}
      {rest > 0 && <span className="text-xs text-slate-500">+{rest} more</span>}
    </div>
  );
}
