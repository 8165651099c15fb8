"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import clsx from "clsx";
import { useHydrated } from "@/lib/use-hydrated";
import { toPreviewConfig, type FormDraft } from "../model/form-draft";
import { FORM_TYPE_LABELS } from "@/components/forms/status-badge";
import { Card, CardHeader } from "@/components/ui/card";
import { previewDocument, PREVIEW_MESSAGE, PREVIEW_READY } from "../model/preview-document";

const WIDTHS = { desktop: "100%", mobile: "390px" } as const;

/**
 * The unsaved draft as visitors will see it: the real embed script renders it in a sandboxed frame (scripts only,
 * an opaque origin: nothing in it can reach the dashboard). The config goes in by postMessage on every change, so
 * the frame loads once and the preview follows each keystroke.
 */
export function FormPreview({ formId, draft }: { formId: string; draft: FormDraft }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  const [width, setWidth] = useState<keyof typeof WIDTHS>("desktop");
  const config = useMemo(() => toPreviewConfig(formId, draft), [formId, draft]);

  // The script is the dashboard's own /embed.js, known only in the browser (APP_URL may name another host).
  const srcDoc = useMemo(() => (hydrated ? previewDocument(`${window.location.origin}/embed.js`) : null), [hydrated]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && event.data?.type === PREVIEW_READY) setReady(true);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    if (!ready) return;
    // The frame's origin is opaque ("null"), so "*" is the only target that reaches it; the config is not secret.
    frame.current?.contentWindow?.postMessage({ type: PREVIEW_MESSAGE, config }, "*");
  }, [ready, config]);

  return (
    <Card className="min-w-0">
      <CardHeader
        title="Live preview"
        description={`${FORM_TYPE_LABELS[draft.type]}, with your unsaved changes. Submitting here sends nothing.`}
        actions={
          <div role="group" aria-label="Preview width" className="flex rounded-lg border border-slate-200 p-0.5">
            {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((w) => (
              <button
                key={w}
                type="button"
                aria-pressed={width === w}
                onClick={() => setWidth(w)}
                className={clsx(
                  "rounded-md px-2.5 py-1 text-xs font-medium capitalize focus-visible:outline-2 focus-visible:outline-brand-600",
                  width === w ? "bg-brand-50 text-brand-700" : "text-slate-500 hover:text-slate-800",
                )}
              >
                {w}
              </button>
            ))}
          </div>
        }
      />
      <div className="flex justify-center bg-slate-100 p-3">
        {srcDoc && (
          <iframe
            ref={frame}
            title="Form preview"
            srcDoc={srcDoc}
            sandbox="allow-scripts"
            referrerPolicy="no-referrer"
            style={{ width: WIDTHS[width] }}
            className="h-[560px] max-w-full rounded-md border border-slate-200 bg-white"
          />
        )}
      </div>
    </Card>
  );
}
