"use client";
// The report's header: what was sent, to whom and when, with pause/resume while sending and the actions menu.
import type { ReactNode } from "react";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { BroadcastStatusBadge } from "@/components/broadcasts/status-badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { useCan } from "@/components/permissions/role-context";

export function ReportHeader({
  broadcast: b,
  onPause,
  onResume,
  menu,
}: {
  broadcast: Broadcast;
  onPause: () => void;
  onResume: () => void;
  menu?: ReactNode;
}) {
  const canSend = useCan("broadcasts.send");
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2.5">
          <h1 className="min-w-0 text-xl font-semibold tracking-tight break-words text-slate-900">{b.name}</h1>
          <BroadcastStatusBadge status={b.status} paused={b.paused} />
        </div>
        <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-slate-500">
          <Meta label="Subject">
            {b.variants.length ? `${b.variants.length} subject variants (A/B test)` : b.subject || "(none)"}
          </Meta>
          {b.fromEmail && <Meta label="From">{b.fromName ? `${b.fromName} <${b.fromEmail}>` : b.fromEmail}</Meta>}
          <Meta label="Audience">{audienceText(b)}</Meta>
          {b.status === "sent" && b.sentAt ? (
            <Meta label="Sent">
              <RelativeTime iso={b.sentAt} />
            </Meta>
          ) : (
            b.sendStartedAt && (
              <Meta label="Started">
                <RelativeTime iso={b.sendStartedAt} />
              </Meta>
            )
          )}
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {canSend && b.status === "sending" && !b.paused && (
          <Button variant="secondary" onClick={onPause}>
            Pause sending
          </Button>
        )}
        {canSend && b.status === "sending" && b.paused && <Button onClick={onResume}>Resume sending</Button>}
        {menu}
      </div>
    </div>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="text-slate-500">{label}:</dt>
      <dd className="min-w-0 truncate text-slate-700">{children}</dd>
    </div>
  );
}

function audienceText(b: Broadcast): string {
  const ids = (key: string) => {
    const v = b.audienceFilter[key];
    return Array.isArray(v) ? v.length : 0;
  };
  if (b.resendOfId) return "non-openers of an earlier broadcast";
  if (b.audienceType === "segments") {
    const n = ids("segmentIds");
    const excluded = ids("excludeSegmentIds");
    return `${n} segment${n === 1 ? "" : "s"}${excluded ? ` minus ${excluded}` : ""}`;
  }
  if (b.audienceType === "tags") {
    const n = ids("tagIds");
    return `contacts with any of ${n} tag${n === 1 ? "" : "s"}`;
  }
  return "all subscribed contacts";
}
