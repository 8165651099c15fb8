import Link from "next/link";
import type { ReactNode } from "react";
import type { Import } from "@/lib/schemas/imports";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { CheckIcon } from "@/components/ui/icons";
import { formatNumber } from "@/lib/format";
import { DownloadIcon } from "@/components/ui/icons";
import { errorReportUrl } from "../_lib/import-api";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ImportReportList } from "./import-report-list";

type SummaryProps = { workspaceId: string; run: Import; onAnother: () => void };

export function ImportSummary({ workspaceId, run, onAnother }: SummaryProps) {
  const reported = run.invalidCount + run.duplicateCount + run.warningCount;
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
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
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
          label="With warnings"
          value={run.warningCount}
          hint="Imported without a value that did not fit"
          tone={run.warningCount > 0 ? "text-amber-700" : undefined}
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
      {run.warningCount > 0 && (
        <p className="text-[13px] text-slate-600">
          {formatNumber(run.warningCount)} imported with warnings: each of those lines was imported without the value
          its warning names.
        </p>
      )}
      {run.mapping && Object.values(run.mapping).includes("status") && (
        <p className="text-[13px] text-slate-600">
          The Status column never resubscribes a contact who unsubscribed, bounced or complained: such lines kept their
          status and are listed as warnings.
        </p>
      )}
      {reported > 0 && <ImportReportList workspaceId={workspaceId} importId={run.id} total={reported} />}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-5">
        {reported > 0 && (
          <a href={errorReportUrl(run.id)} download className={buttonClasses("secondary")}>
            <DownloadIcon />
            {/* One report, line by line: what was wrong, what was left out, or which earlier line had the email. */}
            Download report
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
