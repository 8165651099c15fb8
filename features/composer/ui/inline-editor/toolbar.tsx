"use client";
import clsx from "clsx";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { LINK_URL_DETAILS, linkUrlProblem } from "@/lib/email-content/links";

import { insertableMergeTag, type MergeTagOption } from "@/lib/email-content/draft-merge-tags";

export { BUILT_IN_MERGE_TAGS, type MergeTagOption } from "@/lib/email-content/draft-merge-tags";

export type ToolbarState = { bold: boolean; italic: boolean; link: string | null };

type ToolbarProps = {
  state: ToolbarState;
  mergeTags: MergeTagOption[];
  /** The panel the editor opens with Ctrl/Cmd+K. */
  open: "link" | "merge" | null;
  /** `refocus` false: closed by a press elsewhere, so the editor must not take focus back. */
  onOpen(panel: "link" | "merge" | null, refocus?: boolean): void;
  onBold(): void;
  onItalic(): void;
  /** null removes the link. */
  onLink(url: string | null): void;
  onMerge(key: string): void;
  label: string;
  /** The side the link form and merge menu line up with: the toolbar's end when it sits at the editor's end. */
  align?: "start" | "end";
};

const isMac = () => typeof navigator !== "undefined" && /Mac|iP(hone|ad)/.test(navigator.platform);

/**
 * Formatting buttons for one in-place editor. Buttons keep the editor's selection (mousedown is cancelled); the
 * link field and the merge tag menu take focus, so the editor saves its selection when they open and restores it.
 */
export function InlineToolbar(props: ToolbarProps) {
  const { state, open, onOpen } = props;
  const mod = isMac() ? "⌘" : "Ctrl+";
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onOpen(null), [onOpen]);
  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) onOpen(null, false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, onOpen]);
  return (
    <div
      ref={rootRef}
      role="toolbar"
      aria-label={`Format ${props.label}`}
      onKeyDown={(e) => {
        // Escape closes the open panel and puts the caret back where it was.
        if (e.key === "Escape" && open !== null) {
          e.stopPropagation();
          close();
        }
      }}
      className="relative flex items-center gap-0.5 rounded-lg border border-slate-200 bg-white p-0.5 text-slate-700 shadow-md"
      onMouseDown={(e) => {
        // Keep the caret in the editor; inputs inside the panels still take focus.
        if (!(e.target instanceof HTMLInputElement)) e.preventDefault();
      }}
    >
      <ToolButton label={`Bold (${mod}B)`} pressed={state.bold} onClick={props.onBold}>
        <span className="font-bold">B</span>
      </ToolButton>
      <ToolButton label={`Italic (${mod}I)`} pressed={state.italic} onClick={props.onItalic}>
        <span className="font-serif italic">I</span>
      </ToolButton>
      <ToolButton
        label={`Link (${mod}K)`}
        pressed={state.link !== null}
        expanded={open === "link"}
        onClick={() => onOpen(open === "link" ? null : "link")}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1 1" />
          <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1-1" />
        </svg>
      </ToolButton>
      <ToolButton
        label="Insert merge tag"
        expanded={open === "merge"}
        onClick={() => onOpen(open === "merge" ? null : "merge")}
      >
        <span className="font-mono text-xs">{"{{ }}"}</span>
      </ToolButton>
      {open === "link" && <LinkForm initial={state.link} onSubmit={props.onLink} align={props.align} />}
      {open === "merge" && (
        <div
          className={clsx(
            "absolute top-full z-20 mt-1 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg",
            props.align === "end" ? "right-0" : "left-0",
          )}
        >
          <p className="px-3 py-1 text-xs font-medium text-slate-600">Insert merge tag</p>
          <ul>
            {props.mergeTags.map((tag, i) => (
              <li key={tag.key}>
                <button
                  type="button"
                  autoFocus={i === 0}
                  className="flex w-full items-center justify-between gap-2 px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
                  onClick={() => props.onMerge(tag.key)}
                >
                  {tag.label}
                  <code className="text-xs text-slate-600">{insertableMergeTag(tag.key)}</code>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function ToolButton(props: {
  label: string;
  pressed?: boolean;
  expanded?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      aria-expanded={props.expanded}
      onClick={props.onClick}
      className={clsx(
        "inline-flex h-7 min-w-7 items-center justify-center rounded-md px-1 text-sm whitespace-nowrap hover:bg-slate-100",
        "focus-visible:outline-2 focus-visible:outline-brand-600",
        (props.pressed || props.expanded) && "bg-brand-50 text-brand-700",
      )}
    >
      {props.children}
    </button>
  );
}

function LinkForm(props: { initial: string | null; onSubmit(url: string | null): void; align?: "start" | "end" }) {
  const id = useId();
  const [url, setUrl] = useState(props.initial ?? "https://");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    const problem = linkUrlProblem(value);
    if (problem === "invalid") return setError("Use an http(s) URL or a mailto: address.");
    // The server's sentence: a merge tag may not choose the link's host (lib/email-content/links.ts).
    if (problem) return setError(LINK_URL_DETAILS[problem]);
    props.onSubmit(value);
  };
  return (
    <form
      onSubmit={submit}
      className={clsx(
        "absolute top-full z-20 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg",
        props.align === "end" ? "right-0" : "left-0",
      )}
    >
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        Link URL
      </label>
      <input
        id={id}
        autoFocus
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block h-8 w-full rounded-md border border-slate-300 px-2 text-sm aria-invalid:border-red-400"
        placeholder="https://example.com"
        spellCheck={false}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-1.5">
        {props.initial !== null && (
          <button
            type="button"
            className="h-7 rounded-md px-2 text-xs text-red-700 hover:bg-red-50"
            onClick={() => props.onSubmit(null)}
          >
            Remove link
          </button>
        )}
        <button type="submit" className="h-7 rounded-md bg-brand-600 px-2.5 text-xs font-medium text-white">
          Apply
        </button>
      </div>
    </form>
  );
}
