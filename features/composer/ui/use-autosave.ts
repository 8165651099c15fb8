"use client";
// Autosave: a second after the last edit the draft is saved under an optimistic lock (the updatedAt it was loaded
// or last saved with). A 409 means it changed elsewhere: saving stops until the marketer chooses whose version wins.
// One save at a time; edits made during a save are saved right after it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import type { ActionFieldError, ActionResultLike } from "@/lib/action-result";
import { DRAFT_FIELDS, type ComposerDraft } from "@/lib/composer/draft";

export const AUTOSAVE_DELAY_MS = 1_000;

export type SaveState =
  | { kind: "saved"; at: Date | null }
  | { kind: "unsaved" }
  | { kind: "saving" }
  | { kind: "invalid"; message: string; errors: ActionFieldError[] }
  | { kind: "failed"; message: string }
  | { kind: "conflict"; message: string };

type SaveFn = (input: {
  id: string;
  expectedUpdatedAt: string;
  draft: Partial<ComposerDraft>;
}) => Promise<ActionResultLike<Broadcast>>;

export function toUpdateInput(draft: ComposerDraft): Partial<ComposerDraft> {
  const out: Record<string, unknown> = {};
  for (const key of DRAFT_FIELDS) out[key] = draft[key];
  return out as Partial<ComposerDraft>;
}

export function useAutosave({
  initial,
  draft,
  save,
  onSaved,
}: {
  initial: Broadcast;
  draft: ComposerDraft;
  save: SaveFn;
  onSaved: (b: Broadcast) => void;
}) {
  const [state, setState] = useState<SaveState>({ kind: "saved", at: null });
  // The last saved draft: a ref for the async save logic, mirrored in state for rendering ("dirty").
  const savedDraft = useRef<ComposerDraft>(draft);
  const [saved, setSaved] = useState<ComposerDraft>(draft);
  const markSaved = useCallback((d: ComposerDraft) => {
    savedDraft.current = d;
    setSaved(d);
  }, []);
  const version = useRef(initial.updatedAt);
  /** The broadcast as last stored: what saveNow answers when there was nothing to save. */
  const stored = useRef(initial);
  const inFlight = useRef<Promise<Broadcast | null> | null>(null);
  const latest = useRef(draft);
  useLayoutEffect(() => {
    latest.current = draft;
  }, [draft]);
  const blocked = state.kind === "conflict";

  const run = useCallback(async (): Promise<Broadcast | null> => {
    if (inFlight.current) await inFlight.current;
    const sending = latest.current;
    if (sending === savedDraft.current) return stored.current;
    setState({ kind: "saving" });
    const attempt = (async () => {
      const result = await save({
        id: initial.id,
        expectedUpdatedAt: version.current,
        draft: toUpdateInput(sending),
      }).catch((): ActionResultLike<Broadcast> => ({
        ok: false,
        error: "The server could not be reached. Your changes are kept here.",
      }));
      if (result.ok) {
        markSaved(sending);
        version.current = result.data.updatedAt;
        stored.current = result.data;
        onSaved(result.data);
        setState(latest.current === sending ? { kind: "saved", at: new Date() } : { kind: "unsaved" });
        return result.data;
      }
      const errors = result.fieldErrors ?? [];
      if (result.code === "CONFLICT") setState({ kind: "conflict", message: result.error });
      else if (errors.length) setState({ kind: "invalid", message: result.error, errors });
      else setState({ kind: "failed", message: result.error });
      return null;
    })();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      inFlight.current = null;
    }
  }, [initial.id, markSaved, onSaved, save]);

  // Debounced save after each edit (not while a conflict waits for a decision).
  useEffect(() => {
    if (draft === saved || blocked) return;
    const timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, saved, blocked, run]);

  const dirty = draft !== saved || state.kind === "saving";

  /** Saves now (the send flow calls this first): the stored broadcast, saved or already current; null when saving failed. */
  const saveNow = useCallback(async () => (blocked ? null : run()), [blocked, run]);

  /**
   * The broadcast changed by this page itself (scheduled, schedule cancelled): its version becomes the base, and
   * edits not yet saved stay pending on top of it.
   */
  const rebase = useCallback((b: Broadcast) => {
    version.current = b.updatedAt;
    stored.current = b;
  }, []);

  /** After a conflict: take the stored version as the new base (the composer resets its draft to it). */
  const adopt = useCallback(
    (b: Broadcast, asDraft: ComposerDraft) => {
      rebase(b);
      markSaved(asDraft);
      setState({ kind: "saved", at: new Date() });
    },
    [markSaved, rebase],
  );

  /** After a conflict: keep ours, saved over theirs (the stored version's updatedAt becomes our base). */
  const overwrite = useCallback(
    async (b: Broadcast) => {
      rebase(b);
      setState({ kind: "unsaved" });
      markSaved({ ...savedDraft.current });
      return run();
    },
    [markSaved, rebase, run],
  );

  // Between an edit and its save the last outcome still says "saved": show "unsaved" instead.
  const shown: SaveState = dirty && state.kind === "saved" ? { kind: "unsaved" } : state;
  return { state: shown, dirty, saveNow, rebase, adopt, overwrite };
}
