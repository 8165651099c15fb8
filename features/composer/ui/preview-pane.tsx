"use client";
// The live preview: the unsaved draft rendered on the server by the sending path's own renderer, as the sample
// contact receives it, at desktop or phone width, or as its plain-text part.
import { useState } from "react";
import clsx from "clsx";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ComposerDraft, DraftPreview } from "@/lib/composer/draft";
import { EmailFrame } from "@/components/broadcasts/email-frame";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Spinner } from "@/components/ui/spinner";
import { unwrap } from "@/lib/action-result";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { ActionResultLike } from "@/lib/action-result";

type Mode = "desktop" | "mobile" | "text";
const MODES: { id: Mode; label: string }[] = [
  { id: "desktop", label: "Desktop" },
  { id: "mobile", label: "Mobile" },
  { id: "text", label: "Plain text" },
];

export type PreviewLoader = (content: {
  subject: string | null;
  previewText: string | null;
  blocks: ComposerDraft["blocks"];
  theme: ComposerDraft["theme"];
  footerStyles: ComposerDraft["footerStyles"];
}) => Promise<ActionResultLike<DraftPreview>>;

export function PreviewPane({
  draft,
  broadcastId,
  load,
}: {
  draft: ComposerDraft;
  broadcastId: string;
  load: PreviewLoader;
}) {
  const [mode, setMode] = useState<Mode>("desktop");
  const [variant, setVariant] = useState<string>("");
  const chosen = draft.variants.find((v) => v.id === variant);
  const content = useDebouncedValue(
    {
      subject: chosen ? chosen.subject : draft.subject,
      previewText: chosen ? (chosen.previewText ?? draft.previewText) : draft.previewText,
      blocks: draft.blocks,
      theme: draft.theme,
      footerStyles: draft.footerStyles,
    },
    300,
  );
  const query = useQuery({
    queryKey: ["composer-preview", broadcastId, content],
    queryFn: async () => unwrap(await load(content)),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
  });
  const preview = query.data;

  return (
    <section aria-label="Preview" className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <div role="radiogroup" aria-label="Preview as" className="flex rounded-md border border-slate-200 p-0.5">
          {MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              role="radio"
              aria-checked={mode === m.id}
              onClick={() => setMode(m.id)}
              className={clsx(
                "rounded px-2.5 py-1 text-[13px] font-medium",
                mode === m.id ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
              )}
            >
              {m.label}
            </button>
          ))}
        </div>
        {draft.variants.length > 0 && (
          <label className="flex items-center gap-2 text-[13px] text-slate-600">
            Variant
            <select
              value={variant}
              onChange={(e) => setVariant(e.target.value)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-[13px]"
            >
              <option value="">Main subject</option>
              {draft.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.id.toUpperCase()}: {v.subject}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="ml-auto flex items-center gap-2 text-[12px] text-slate-500" aria-live="polite">
          {query.isFetching && <Spinner className="size-3.5" />}
          {query.isFetching ? "Updating…" : "Shown with a sample contact: Jane Doe, jane.doe@example.com"}
        </span>
      </div>
      <QueryErrorNotice query={query} />
      <div className="min-h-0 flex-1 overflow-auto bg-slate-100 p-4">
        {preview && (
          <div
            className={clsx(
              "mx-auto overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm",
              mode === "mobile" ? "max-w-[390px]" : "max-w-[760px]",
            )}
            data-testid="composer-preview"
          >
            <div className="border-b border-slate-200 px-4 py-2.5 text-[13px]">
              <p className="truncate font-semibold text-slate-900">{preview.subject || "(no subject)"}</p>
              {content.previewText && <p className="truncate text-slate-500">{content.previewText}</p>}
            </div>
            {mode === "text" ? (
              <pre className="max-h-[70vh] overflow-auto p-4 font-mono text-[12.5px] leading-relaxed whitespace-pre-wrap text-slate-800">
                {preview.text}
              </pre>
            ) : (
              <EmailFrame
                html={preview.html}
                title="Email preview"
                className={clsx("w-full bg-white", mode === "mobile" ? "h-[720px]" : "h-[70vh] min-h-[560px]")}
              />
            )}
          </div>
        )}
        {!preview && query.isPending && (
          <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-500">
            <Spinner /> Rendering the preview…
          </p>
        )}
      </div>
    </section>
  );
}
