import Link from "next/link";
import type { ReactNode } from "react";
import type { Import } from "@/lib/schemas/imports";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { CheckIcon } from "@/components/ui/icons";
import { formatNumber } from "@/lib/format";
import { DownloadIcon } from "@/components/ui/icons";
import { errorReportUrl } from "../_lib/import-api";
import { ProgressBar } from "./progress-bar";

export function ImportSummary({ run, onAnother }: { run: Import; onAnother: () => void }) {
  return (
    <div data-testid="import-summary" className="space-y-6">
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckIcon className="size-5" />
        </span>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Import complete</h3>
          <p className="text-[13px] text-slate-500">
            {run.filename}: {formatNumber(run.totalRows ?? run.processedRows)} rows read.
          </p>
        </div>
      </div>
      {/* The bar stays, full, so the finished state reads as the end of the progress the user watched. */}
      <ProgressBar
        label="Import progress"
        value={100}
        valueText={`${formatNumber(run.processedRows)} rows processed`}
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Count label="Created" value={run.createdCount} hint="New contacts" />
        <Count label="Updated" value={run.updatedCount} hint="Existing contacts changed" />
        <Count label="Skipped" value={run.skippedCount} hint="Already here, left as they were" />
        <Count
          label="Invalid"
          value={run.invalidCount}
          hint="Rows with errors, not imported"
          tone={run.invalidCount > 0 ? "text-red-600" : undefined}
        />
        <Count
          label="Duplicates"
          value={run.duplicateCount}
          hint={
            run.updateExisting
              ? "Same email as an earlier row: merged into it"
              : "Same email as an earlier row: not imported"
          }
          tone={run.duplicateCount > 0 ? "text-amber-700" : undefined}
        />
      </dl>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-5">
        {run.invalidCount + run.duplicateCount > 0 && (
          <a href={errorReportUrl(run.id)} download className={buttonClasses("secondary")}>
            <DownloadIcon />
            {/* One report, line by line: what was wrong, or which earlier line had the same email. */}
            {run.invalidCount > 0 ? "Download error report" : "Download duplicates report"}
          </a>
        )}
        <Button variant="secondary" onClick={onAnother}>
          Import another file
        </Button>
        <Link href="/contacts" className={buttonClasses("primary")}>
          Back to contacts
        </Link>
      </div>
    </div>
  );
}

function Count({ label, value, hint, tone }: { label: string; value: number; hint: ReactNode; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-[13px] text-slate-500">{label}</dt>
      <dd className={`text-2xl font-semibold tabular-nums ${tone ?? "text-slate-900"}`}>{formatNumber(value)}</dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}
