"use client";
import { bulkPercent, bulkProgressLabel, type BulkProgress } from "@/lib/contacts/bulk-messages";
import { formatNumber } from "@/lib/format";
import { ProgressBar } from "@/components/ui/progress-bar";

/** "Tagging 318 contacts… 120 / 318" with a determinate bar; announced politely as it moves. */
export function BulkProgressBar({ progress }: { progress: BulkProgress }) {
  const label = bulkProgressLabel(progress);
  const percent = bulkPercent(progress);
  const counts = `${formatNumber(progress.processed)} / ${formatNumber(progress.total)}`;
  return (
    <div className="border-b border-brand-100 bg-brand-50/60 px-5 py-3" data-testid="bulk-progress">
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm text-brand-800">
        <p className="font-medium">{progress.status === "queued" ? `${label} (starting)` : label}</p>
        <p className="tabular-nums" aria-live="polite">
          {counts}
        </p>
      </div>
      <ProgressBar label={label} value={percent} valueText={counts} track="on-tint" />
    </div>
  );
}
