"use client";
import Link from "next/link";
import type { Webhook } from "@/lib/schemas/webhooks";
import { webhookEventTypes } from "@/lib/schemas/webhook-events";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { WebhookStatusBadge, WebhookStatusDetail, webhookState } from "./webhook-status";

const SHOWN_EVENTS = 2;

type WebhookTableProps = {
  webhooks: Webhook[];
  onReenable: (webhook: Webhook) => void;
  reenablingId: string | null;
};

export function WebhookTable({ webhooks, onReenable, reenablingId }: WebhookTableProps) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Endpoint</TH>
          <TH>Events</TH>
          <TH>Status</TH>
          <TH>Last success</TH>
          <TH>Created</TH>
        </tr>
      </THead>
      <TBody>
        {webhooks.map((w) => (
          <TR key={w.id}>
            <TD className="max-w-xs">
              <Link
                href={`/settings/webhooks/${w.id}`}
                title={w.url}
                className="block truncate rounded font-mono text-[13px] font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {w.url}
              </Link>
            </TD>
            <TD>
              <EventsSummary events={w.events} />
            </TD>
            <TD className="min-w-56">
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
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              {w.lastSuccessAt ? <RelativeTime iso={w.lastSuccessAt} /> : <span className="text-slate-400">Never</span>}
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              <RelativeTime iso={w.createdAt} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
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
