import type { Broadcast } from "@/lib/schemas/broadcasts";
import { Card } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";

/** How far a send has got: settled recipients (sent or not sendable) over the audience counted at send time. */
export function SendProgress({ broadcast: b }: { broadcast: Broadcast }) {
  const settled = b.sentCount + b.failedCount;
  const total = b.recipientCount;
  const pct = total > 0 ? Math.min(100, (settled / total) * 100) : 0;
  return (
    <Card className="mb-6 px-5 py-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">
          {b.paused ? "Paused" : total === 0 ? "Preparing recipients…" : "Sending…"}
        </span>
        <span className="text-slate-500 tabular-nums" data-testid="send-progress-text">
          {formatNumber(b.sentCount)} of {formatNumber(total)} sent
          {b.failedCount > 0 && ` · ${formatNumber(b.failedCount)} not sent`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Sending progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={settled}
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-700 ${b.paused ? "bg-amber-400" : "bg-brand-500"}`}
          style={{ width: `${pct}%` }}
        />
      </div>
      {b.paused && (
        <p className="mt-2 text-[13px] text-slate-500">
          Nothing new leaves until you resume; batches already handed to the provider finish. Resuming carries on where
          it stopped and never sends anyone the email twice.
        </p>
      )}
    </Card>
  );
}
