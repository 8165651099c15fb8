"use client";
// Image uploads in the composer: <ImageUploadButton onUploaded /> (a button, a hidden file input and a drop zone,
// with upload progress and the server's refusal in plain words) and <RecentImages workspaceId onPick /> (the
// workspace's latest images to reuse one). Both talk to /api/dashboard/uploads; the server decides what is an image.
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import clsx from "clsx";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { UploadIcon } from "@/components/ui/icons";
import { ACCEPTED_IMAGE_TYPES, type UploadedImage } from "@/lib/uploads";

export type { UploadedImage };

const ENDPOINT = "/api/dashboard/uploads";
/** Under the workspace like every key of lib/query-keys.ts, so switching workspaces never shows another's images. */
const recentImagesKey = (workspaceId: string) => ["workspace", workspaceId, "uploads"] as const;

export function ImageUploadButton({
  onUploaded,
  label = "Upload image",
  maxBytes,
  disabled = false,
  className,
}: {
  onUploaded: (image: UploadedImage) => void;
  label?: string;
  /** The installation's UPLOAD_MAX_BYTES when the page knows it: a bigger file is refused before it is sent. */
  maxBytes?: number;
  disabled?: boolean;
  className?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File | undefined) => {
    if (!file || progress !== null) return;
    const refused = refusalOf(file, maxBytes);
    setError(refused);
    if (refused) return;
    abort.current = new AbortController();
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress, abort.current.signal);
      // The recent images list of any workspace shows the new one next time it is looked at.
      await queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === "workspace" && q.queryKey[2] === "uploads",
      });
      onUploaded(image);
    } catch (e) {
      if (!(e instanceof DOMException && e.name === "AbortError")) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) void start(e.dataTransfer.files[0]);
  };
  const uploading = progress !== null;

  return (
    <div className={clsx("space-y-2", className)}>
      <div
        data-testid="image-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-4 text-center transition-colors",
          dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50/50",
        )}
      >
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          aria-label="Image file"
          className="sr-only"
          tabIndex={-1}
          disabled={disabled || uploading}
          onChange={(e) => void start(e.target.files?.[0])}
        />
        <Button
          variant="secondary"
          size="sm"
          loading={uploading}
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          {!uploading && <UploadIcon className="size-4" />}
          {label}
        </Button>
        <p id={hintId} className="text-xs text-slate-500" aria-live="polite">
          {uploading
            ? progress < 100
              ? `Uploading… ${Math.round(progress)} %`
              : "Processing…"
            : `or drop a PNG, JPEG, GIF or WebP image here${maxBytes ? ` (up to ${formatSize(maxBytes)})` : ""}`}
        </p>
        {uploading && (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
            className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A grid of the workspace's most recent images; choosing one hands it to `onPick` (no new upload). */
export function RecentImages({
  workspaceId,
  onPick,
  selectedUrl,
}: {
  workspaceId: string;
  onPick: (image: UploadedImage) => void;
  selectedUrl?: string;
}) {
  const query = useQuery({ queryKey: recentImagesKey(workspaceId), queryFn: listRecentImages });
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading recent images…
      </p>
    );
  }
  if (query.isError) return <p className="text-sm text-red-700">Recent images could not be loaded.</p>;
  if (query.data.length === 0) return <p className="text-sm text-slate-500">No images uploaded yet.</p>;
  return (
    <ul aria-label="Recent images" className="grid grid-cols-4 gap-2">
      {query.data.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            title={image.fileName}
            aria-pressed={selectedUrl === image.url}
            onClick={() => onPick(image)}
            className={clsx(
              "block aspect-square w-full overflow-hidden rounded-md border bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              selectedUrl === image.url
                ? "border-brand-600 ring-2 ring-brand-600"
                : "border-slate-200 hover:border-slate-400",
            )}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- user images on any host, shown as uploaded */}
            <img src={image.url} alt={image.fileName} loading="lazy" className="size-full object-cover" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What the browser can tell before sending: the server checks the bytes again either way. */
function refusalOf(file: File, maxBytes: number | undefined): string | null {
  if (file.type === "image/svg+xml") return "SVG images are not accepted. Upload a PNG, JPEG, GIF or WebP image.";
  if (file.type && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a PNG, JPEG, GIF or WebP image.`;
  }
  if (file.size === 0) return "This file is empty.";
  if (maxBytes && file.size > maxBytes)
    return `Images are limited to ${formatSize(maxBytes)}; this one is ${formatSize(file.size)}.`;
  return null;
}

/**
 * XMLHttpRequest rather than fetch: fetch reports no upload progress (see the CSV import's uploadCsv). The browser
 * sends the Origin header the route's CSRF check needs on this same-origin POST.
 */
function uploadImage(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", ENDPOINT);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? (e.loaded / Math.max(e.total, 1)) * 100 : 50);
    xhr.onload = () => {
      if (xhr.status === 201) return resolve((xhr.response as { data: UploadedImage }).data);
      reject(new Error(problemDetail(xhr.status, xhr.response)));
    };
    xhr.onerror = () => reject(new Error("The upload was interrupted. Check your connection and try again."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.set("file", file);
    xhr.send(form);
  });
}

async function listRecentImages(): Promise<UploadedImage[]> {
  const res = await fetch(ENDPOINT, { headers: { Accept: "application/json" }, cache: "no-store" });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(problemDetail(res.status, body));
  return (body as { data: UploadedImage[] }).data;
}

function problemDetail(status: number, body: unknown): string {
  const detail = body && typeof body === "object" ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === "string") return detail;
  if (status === 413) return "This image is too large.";
  return `The upload failed (the server answered ${status}). Try again.`;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
