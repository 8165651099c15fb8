// The wizard's calls to the dashboard import routes (uploads and progress polling do not fit server actions).
// Failures arrive as problem bodies; they become ProblemError so a 422's pointers reach the offending input.
import type { Import, ImportPreview, ImportReportLine, StartImport } from "@/lib/schemas/imports";
import type { ImportEncoding } from "@/lib/csv/text-encoding";
import { ActionError, toFieldErrorMap, type ActionFieldError } from "@/lib/action-result";

const BASE = "/api/dashboard/imports";

export class ProblemError extends ActionError {
  constructor(
    message: string,
    readonly status: number,
    readonly pointers: ActionFieldError[] = [],
  ) {
    super(message, toFieldErrorMap(pointers));
  }
}

type ProblemLike = { detail?: unknown; errors?: unknown };

/** A problem body (or anything else a proxy answered) as a ProblemError. */
export function problemError(status: number, body: unknown): ProblemError {
  const p = (body && typeof body === "object" ? body : {}) as ProblemLike;
  const detail = typeof p.detail === "string" ? p.detail : `The server answered ${status}. Try again.`;
  const errors = Array.isArray(p.errors) ? (p.errors as ActionFieldError[]) : [];
  // A 422 without a pointer says the whole file was refused; its detail is the message.
  return new ProblemError(detail, status, errors);
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw problemError(response.status, body);
  return (body as { data: T }).data;
}

export const getImport = (id: string) => call<Import>(`${BASE}/${id}`, { cache: "no-store" });

/** `encoding`: decode with this one instead of the one detected at upload. */
export const getImportPreview = (id: string, encoding?: ImportEncoding) =>
  call<ImportPreview>(`${BASE}/${id}/preview${encoding ? `?encoding=${encodeURIComponent(encoding)}` : ""}`);

export const startImport = (id: string, input: StartImport) =>
  call<Import>(`${BASE}/${id}/start`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(input),
  });

export const retryImport = (id: string) => call<Import>(`${BASE}/${id}/retry`, { method: "POST" });

export const getImportReport = (id: string) => call<ImportReportLine[]>(`${BASE}/${id}/report`, { cache: "no-store" });

export const errorReportUrl = (id: string) => `${BASE}/${id}/errors.csv`;

/**
 * Uploads the file itself as the request body. XMLHttpRequest rather than fetch: fetch reports no upload progress,
 * and the fetch alternative (a counting ReadableStream body) needs HTTP/2 in Chromium and is absent from Firefox,
 * while a self-hosted install is often plain HTTP/1.1. Either way the browser streams the File from disk; it is
 * never read into memory here.
 */
export function uploadCsv(
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<ImportPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${BASE}?filename=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve((xhr.response as { data: ImportPreview }).data);
      else reject(problemError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ProblemError("The upload was interrupted. Check your connection and try again.", 0));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
