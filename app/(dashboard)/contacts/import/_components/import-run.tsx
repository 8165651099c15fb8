"use client";
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Import } from "@/lib/schemas/imports";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { getImport, retryImport } from "../_lib/import-api";
import { ImportSummary } from "./import-summary";
import { ProgressBar } from "@/components/ui/progress-bar";

const finished = (i: Import | undefined) => i?.status === "completed" || i?.status === "failed";

type ImportRunProps = {
  workspaceId: string;
  initial: Import;
  /** Called once the import has stopped; `completed` is false when it failed. */
  onFinished: (completed: boolean) => void;
  onAnother: () => void;
};

/** Steps 3 and 4: polls the import every second until it completes or fails, then shows its summary. */
export function ImportRun({ workspaceId, initial, onFinished, onAnother }: ImportRunProps) {
  const qc = useQueryClient();
  const key = queryKeys.imports.detail(workspaceId, initial.id);
  const query = useQuery({
    queryKey: key,
    queryFn: () => getImport(initial.id),
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (finished(q.state.data) ? false : 1000),
    // A background tab still finishes; without this the bar would freeze when the user looks away.
    refetchIntervalInBackground: true,
  });
  const retry = useMutation({
    mutationFn: () => retryImport(initial.id),
    onSuccess: (next) => qc.setQueryData(key, next),
  });
  const run = query.data;
  const done = finished(run);
  const completed = run.status === "completed";
  useEffect(() => {
    if (done) onFinished(completed);
  }, [done, completed, onFinished]);

  if (run.status === "completed") return <ImportSummary workspaceId={workspaceId} run={run} onAnother={onAnother} />;
  const total = run.totalRows ?? 0;
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <p className="font-medium text-slate-900">
            {run.status === "failed" ? "Import stopped" : run.status === "queued" ? "Waiting to start…" : "Importing…"}
          </p>
          <p className="text-slate-500 tabular-nums">{run.percent}%</p>
        </div>
        <ProgressBar
          label="Import progress"
          value={run.percent}
          valueText={`${formatNumber(run.processedRows)} of ${formatNumber(total)} rows`}
          tone={run.status === "failed" ? "red" : "brand"}
        />
        <p className="text-[13px] text-slate-500 tabular-nums" aria-live="polite">
          {formatNumber(run.processedRows)} of {formatNumber(total)} rows processed
        </p>
      </div>
      {query.isError && (
        <Notice tone="warning">Lost contact with the server; still trying. {errorMessage(query.error)}</Notice>
      )}
      {run.status === "failed" && (
        <>
          <Notice tone="error">{run.error ?? "The import stopped."} Retrying resumes where it stopped.</Notice>
          {retry.isError && <Notice tone="error">{errorMessage(retry.error)}</Notice>}
          <div className="flex justify-end">
            <Button onClick={() => retry.mutate()} loading={retry.isPending}>
              Retry import
            </Button>
          </div>
        </>
      )}
      {run.status !== "failed" && (
        <p className="text-[13px] text-slate-500">
          You can leave this page; the import keeps running in the background.
        </p>
      )}
    </div>
  );
}
