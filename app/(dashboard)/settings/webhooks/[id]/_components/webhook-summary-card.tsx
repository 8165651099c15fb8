"use client";
import type { ReactNode } from "react";
import clsx from "clsx";
import type { Webhook } from "@/lib/schemas/webhooks";
import { webhookEventCatalog, type WebhookEventType } from "@/lib/schemas/webhook-events";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";

const isCataloged = (type: string): type is WebhookEventType => Object.hasOwn(webhookEventCatalog, type);
const summaryOf = (type: string) => (isCataloged(type) ? webhookEventCatalog[type].summary : undefined);

type WebhookSummaryCardProps = {
  webhook: Webhook;
  onToggle: (enable: boolean) => void;
  toggling: boolean;
  actions: ReactNode;
};

export function WebhookSummaryCard({ webhook, onToggle, toggling, actions }: WebhookSummaryCardProps) {
  return (
    <Card>
      <CardHeader title="Endpoint" actions={actions} />
      <CardBody className="space-y-5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p id="webhook-enabled-label" className="text-sm font-medium text-slate-900">
              Enabled
            </p>
            <p id="webhook-enabled-hint" className="mt-0.5 text-[13px] text-slate-500">
              {webhook.isActive
                ? "Events are sent as they happen."
                : webhook.disabledAt
                  ? "Nothing is sent. Its events are held (up to 30 days) and go out once it is enabled again."
                  : "Nothing is sent, and events that happen meanwhile are not kept for it. Pending retries resume once it is enabled again."}
            </p>
          </div>
          <Switch
            checked={webhook.isActive}
            disabled={toggling}
            onChange={onToggle}
            labelledBy="webhook-enabled-label"
            describedBy="webhook-enabled-hint"
          />
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <Fact label="Last success">
            {webhook.lastSuccessAt ? <RelativeTime iso={webhook.lastSuccessAt} /> : "Never"}
          </Fact>
          <Fact label="Last failure">
            {webhook.lastFailureAt ? <RelativeTime iso={webhook.lastFailureAt} /> : "Never"}
          </Fact>
          <Fact label="Created">
            <RelativeTime iso={webhook.createdAt} />
          </Fact>
        </dl>
        <div>
          <h3 className="text-xs text-slate-500">
            Subscribed to {webhook.events.length === 1 ? "1 event" : `${webhook.events.length} events`}
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {webhook.events.map((type) => (
              <li key={type} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                <code className="shrink-0 font-mono text-[13px] text-slate-900 sm:w-44">{type}</code>
                <span className="text-[13px] text-slate-500">{summaryOf(type) ?? "No longer in the catalog."}</span>
              </li>
            ))}
          </ul>
        </div>
      </CardBody>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

function Switch({
  checked,
  disabled,
  onChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={clsx(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60",
        checked ? "bg-brand-600" : "bg-slate-300",
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          "inline-block size-5 rounded-full bg-white shadow transition-transform",
          checked ? "translate-x-5.5" : "translate-x-0.5",
        )}
      />
    </button>
  );
}
