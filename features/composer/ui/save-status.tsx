"use client";
// The visible saved state of the composer ("Saved", "Saving…", "Not saved: …"), announced politely.
import { RelativeTime } from "@/components/ui/relative-time";
import { Spinner } from "@/components/ui/spinner";
import type { SaveState } from "./use-autosave";

export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <span
      role="status"
      aria-live="polite"
      // One line however narrow the header: the broadcast's name gives way first, then this truncates.
      className="flex max-w-[50%] min-w-0 shrink-0 items-center gap-1.5 text-[13px] whitespace-nowrap"
      data-save-state={state.kind}
    >
      {state.kind === "saved" && (
        <span className="truncate text-slate-500">
          <span aria-hidden="true" className="mr-1 inline-block size-1.5 rounded-full bg-emerald-500 align-middle" />
          {state.at ? (
            <>
              Saved <RelativeTime iso={state.at.toISOString()} />
            </>
          ) : (
            "All changes saved"
          )}
        </span>
      )}
      {state.kind === "unsaved" && <span className="truncate text-slate-500">Unsaved changes</span>}
      {state.kind === "saving" && (
        <span className="flex items-center gap-1.5 text-slate-500">
          <Spinner className="size-3.5" /> Saving…
        </span>
      )}
      {state.kind === "invalid" && (
        <span className="truncate text-red-700">
          Not saved: {state.errors.length === 1 ? state.errors[0]!.detail : `${state.errors.length} problems to fix`}
        </span>
      )}
      {state.kind === "failed" && <span className="truncate text-red-700">Not saved: {state.message}</span>}
      {state.kind === "conflict" && <span className="truncate text-amber-700">Changed elsewhere: not saved</span>}
    </span>
  );
}
