"use client";
import type { ReactNode } from "react";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { RefreshIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { formatAbsolute } from "@/lib/format";
import { DeliveryStatusBadge, TriggerBadge, formatDuration } from "./delivery-status";

type DeliveryDialogProps = {
  delivery: WebhookDelivery | null;
  onClose: () => void;
  onRedeliver: (delivery: WebhookDelivery) => void;
  redelivering: boolean;
  error?: string;
};

/** One attempt in full: what was sent (headers, body) and what came back, with Redeliver to send it again. */
export function DeliveryDialog({ delivery, onClose, onRedeliver, redelivering, error }: DeliveryDialogProps) {
  return (
    <Dialog
      open={delivery !== null}
      onClose={onClose}
      size="lg"
      title={<span className="font-mono">{delivery?.eventType}</span>}
      description="What Sendwell sent, and what your endpoint answered."
    >
      {delivery && (
        <>
          {/* At the top, where focus lands: the dialog scrolls, and a long body would push it out of view. */}
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
            <div className="flex flex-wrap items-center gap-2">
              <DeliveryStatusBadge delivery={delivery} />
              <TriggerBadge trigger={delivery.trigger} />
              <span className="text-[13px] text-slate-500">
                Attempt {delivery.attemptCount} · {formatDuration(delivery.responseTimeMs)}
              </span>
            </div>
            <Button size="sm" onClick={() => onRedeliver(delivery)} loading={redelivering} data-autofocus>
              <RefreshIcon />
              Redeliver
            </Button>
          </div>
          {error && (
            <Notice tone="error" className="mb-4">
              {error}
            </Notice>
          )}
          <DeliveryDetails delivery={delivery} />
        </>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function DeliveryDetails({ delivery: d }: { delivery: WebhookDelivery }) {
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        <Fact label="Attempted">{formatAbsolute(d.attemptedAt)}</Fact>
        <Fact label="Delivered">{d.deliveredAt ? formatAbsolute(d.deliveredAt) : "—"}</Fact>
        <Fact label="Next retry">{d.nextRetryAt ? formatAbsolute(d.nextRetryAt) : "—"}</Fact>
      </dl>
      <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3 text-[13px]">
        <span className="shrink-0 text-slate-500">Event id</span>
        <code className="min-w-0 flex-1 truncate font-mono text-slate-800">{d.eventId}</code>
        <CopyButton value={d.eventId} variant="ghost" />
      </div>
      {d.error && (
        <Notice tone="error">
          <span className="font-medium">Why it failed:</span> {d.error}
        </Notice>
      )}
      <Section title="Request">
        <Headers headers={d.requestHeaders} />
        <Code label="Request body">{JSON.stringify(d.payload, null, 2)}</Code>
      </Section>
      <Section title={d.responseStatus === null ? "Response (none received)" : `Response · HTTP ${d.responseStatus}`}>
        {d.responseStatus !== null && <Headers headers={d.responseHeaders} />}
        {d.responseBody ? (
          <Code label="Response body">{prettyBody(d.responseBody)}</Code>
        ) : (
          <p className="text-[13px] text-slate-500">Empty body.</p>
        )}
      </Section>
    </div>
  );
}

/** Receivers often answer JSON on one line; indented it reads like the request beside it. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="text-[13px] text-slate-500">No headers.</p>;
  return (
    <dl className="max-h-48 overflow-auto rounded-lg border border-slate-200 px-3 py-2 font-mono text-xs">
      {entries.map(([name, value]) => (
        <div key={name} className="flex gap-2 py-0.5">
          <dt className="shrink-0 text-slate-500">{name}:</dt>
          <dd className="min-w-0 break-all text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Code({ label, children }: { label: string; children: string }) {
  return (
    <div className="relative">
      <pre
        aria-label={label}
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-lg bg-slate-900 px-3 py-2.5 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {children}
      </pre>
      <div className="absolute top-1.5 right-1.5">
        <CopyButton value={children} size="sm" />
      </div>
    </div>
  );
}
