"use client";
// The builder's autosave, as the composer's (features/composer/ui/use-autosave.ts): a second after the last edit the
// draft is saved under an optimistic lock (the updatedAt it was loaded or last saved with); a 409 stops saving until
// the marketer chooses whose version wins. One save at a time; edits made during a save are saved right after it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Automation, UpdateAutomation } from "@/lib/schemas/automations";
import type { ActionResultLike } from "@/lib/action-result";
import type { SaveState } from "@/features/composer/ui/use-autosave";
import { toUpdateInput, type AutomationDraft } from "../model/draft";

export const AUTOSAVE_DELAY_MS = 1_000;

type SaveFn = (input: {
  id: string;
  expectedUpdatedAt: string;
  draft: UpdateAutomation;
}) => Promise<ActionResultLike<Automation>>;

export function useAutomationAutosave({
  initial,
  draft,
  save,
  onSaved,
  enabled,
}: {
  initial: Automation;
  draft: AutomationDraft;
  save: SaveFn;
  onSaved: (a: Automation) => void;
  /** False for a reader: nothing is ever sent. */
  enabled: boolean;
}) {
  const [state, setState] = useState<SaveState>({ kind: "saved", at: null });
  const savedDraft = useRef<AutomationDraft>(draft);
  const [saved, setSaved] = useState<AutomationDraft>(draft);
  const markSaved = useCallback((d: AutomationDraft) => {
    savedDraft.current = d;
    setSaved(d);
  }, []);
  const version = useRef(initial.updatedAt);
  const stored = useRef(initial);
  const inFlight = useRef<Promise<Automation | null> | null>(null);
  const latest = useRef(draft);
  useLayoutEffect(() => {
    latest.current = draft;
  }, [draft]);
  const blocked = state.kind === "conflict" || !enabled;

  const run = useCallback(async (): Promise<Automation | null> => {
    if (inFlight.current) await inFlight.current;
    const sending = latest.current;
    if (sending === savedDraft.current) return stored.current;
    setState({ kind: "saving" });
    const attempt = (async () => {
      const result = await save({
        id: initial.id,
        expectedUpdatedAt: version.current,
        draft: toUpdateInput(sending),
      }).catch((): ActionResultLike<Automation> => ({
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

  useEffect(() => {
    if (draft === saved || blocked) return;
    const timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, saved, blocked, run]);

  const dirty = enabled && (draft !== saved || state.kind === "saving");

  /** Saves now (activation calls this first): the stored automation; null when saving failed. */
  const saveNow = useCallback(async () => (blocked ? null : run()), [blocked, run]);

  /** A status move made on this page answers the record as stored now: its version becomes the base. */
  const rebase = useCallback((a: Automation) => {
    version.current = a.updatedAt;
    stored.current = a;
  }, []);

  /** After a conflict: the stored version becomes the base and the draft (the builder resets to it). */
  const adopt = useCallback(
    (a: Automation, asDraft: AutomationDraft) => {
      rebase(a);
      markSaved(asDraft);
      setState({ kind: "saved", at: new Date() });
    },
    [markSaved, rebase],
  );

  /** After a conflict: ours, saved over theirs. */
  const overwrite = useCallback(
    async (a: Automation) => {
      rebase(a);
      setState({ kind: "unsaved" });
      markSaved({ ...savedDraft.current });
      return run();
    },
    [markSaved, rebase, run],
  );

  const shown: SaveState = dirty && state.kind === "saved" ? { kind: "unsaved" } : state;
  return { state: shown, dirty, saveNow, rebase, adopt, overwrite };
}
