"use client";
import { useEffect, useRef, useState, type DragEvent } from "react";
import clsx from "clsx";
import type { ImportPreview } from "@/lib/schemas/imports";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { UploadIcon } from "@/components/ui/icons";
import { uploadCsv } from "../_lib/import-api";
import { ProgressBar } from "@/components/ui/progress-bar";

const MAX_BYTES = 100 * 1024 * 1024;

export const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${formatNumber(Math.round(n / 102.4) / 10)} KB`
      : `${formatNumber(Math.round(n / 104857.6) / 10)} MB`;

function problemOf(file: File): string | null {
  if (!/\.(csv|txt|tsv)$/i.test(file.name) && !/csv|text\/plain/.test(file.type)) return "Choose a .csv file.";
  if (file.size === 0) return "This file is empty.";
  if (file.size > MAX_BYTES) return "Files are limited to 100 MB. Split the file and import the parts one by one.";
  return null;
}

export function UploadStep({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (next: File | undefined) => {
    if (!next) return;
    setFile(next);
    setError(problemOf(next));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };
  const upload = async () => {
    if (!file || problemOf(file)) return;
    abort.current = new AbortController();
    setError(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      onUploaded(await uploadCsv(file, (loaded, total) => setProgress({ loaded, total }), abort.current.signal));
    } catch (e) {
      if (!(e instanceof DOMException && e.name === "AbortError")) setError(errorMessage(e));
      setProgress(null);
    }
  };
  const uploading = progress !== null;
  const sent = progress ? (progress.loaded / Math.max(progress.total, 1)) * 100 : 0;

  return (
    <div className="space-y-5">
      <div>
        <input
          id="csv-file"
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          className="peer sr-only"
          disabled={uploading}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <label
          htmlFor="csv-file"
          onDragOver={(e) => (e.preventDefault(), setDragging(true))}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={clsx(
            // Children ignore the pointer so dragging across them does not fire dragleave on the zone.
            "flex cursor-pointer flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors [&>*]:pointer-events-none",
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
            dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50/50 hover:border-slate-400",
          )}
        >
          <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-white text-brand-600 shadow-xs">
            <UploadIcon className="size-5" />
          </span>
          <span className="text-sm font-medium text-slate-900">
            {file ? file.name : "Drop a CSV file here, or click to choose one"}
          </span>
          <span className="mt-1 text-[13px] text-slate-500">
            {file ? formatBytes(file.size) : "The first row must name the columns. Up to 100 MB."}
          </span>
        </label>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      {uploading && (
        <div className="space-y-1.5">
          <ProgressBar label="Upload progress" value={sent} />
          <p className="text-[13px] text-slate-500 tabular-nums" aria-live="polite">
            {sent >= 100
              ? "Reading the file…"
              : `Uploading… ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`}
          </p>
        </div>
      )}
      <div className="flex justify-end gap-2">
        {uploading && (
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            Cancel upload
          </Button>
        )}
        <Button onClick={upload} disabled={!file || !!problemOf(file)} loading={uploading}>
          Upload
        </Button>
      </div>
    </div>
  );
}
