"use client";
// The report's first lines on the summary page, so a marketer sees what happened to which line without opening a
// spreadsheet: refused rows, rows imported with a warning (a value left out), and repeats.
import { useQuery } from "@tanstack/react-query";
import type { ImportReportLine } from "@/lib/schemas/imports";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { getImportReport } from "../_lib/import-api";

const OUTCOME: Record<ImportReportLine["outcome"], { label: string; tone: BadgeTone }> = {
  invalid: { label: "Not imported", tone: "red" },
  warning: { label: "Imported with a warning", tone: "amber" },
  duplicate: { label: "Repeat", tone: "neutral" },
};

export function ImportReportList({
  workspaceId,
  importId,
  total,
}: {
  workspaceId: string;
  importId: string;
  total: number;
}) {
  const query = useQuery({
    queryKey: [...queryKeys.imports.detail(workspaceId, importId), "report"],
    queryFn: () => getImportReport(importId),
  });
  if (query.isError) return <Notice tone="error">{errorMessage(query.error)}</Notice>;
  if (!query.data) return null;
  return (
    <section aria-labelledby="report-heading">
      <h4 id="report-heading" className="text-sm font-semibold text-slate-900">
        Lines to look at
      </h4>
      {total > query.data.length && (
        <p className="text-[13px] text-slate-500">
          The first {formatNumber(query.data.length)} of {formatNumber(total)}; the download has them all.
        </p>
      )}
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="import-report">
        {query.data.map((r) => (
          <li key={r.line} className="grid gap-1 px-4 py-2.5 text-[13px] sm:grid-cols-[5rem_12rem_1fr]">
            <span className="font-medium text-slate-900 tabular-nums">Line {r.line}</span>
            <span className="min-w-0 truncate text-slate-600" title={r.email ?? undefined}>
              {r.email ?? "No email"}
            </span>
            <span className="min-w-0 break-words text-slate-700">
              <Badge tone={OUTCOME[r.outcome].tone} className="mr-2">
                {OUTCOME[r.outcome].label}
              </Badge>
              {r.message}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
