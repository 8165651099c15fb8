// Undo and redo over whole drafts (immutable, so a step costs a pointer). Typing is coalesced: changes with the same
// key (one field of one block) within a second are one step, as in every editor people know.
import type { ComposerDraft } from "@/lib/composer/draft";

export const HISTORY_LIMIT = 200;
const COALESCE_MS = 1_000;

export type History = {
  past: ComposerDraft[];
  present: ComposerDraft;
  future: ComposerDraft[];
  /** The coalescing key and time of the last change. */
  lastKey: string | null;
  lastAt: number;
};

export type HistoryAction =
  | { type: "change"; update: (draft: ComposerDraft) => ComposerDraft; key?: string; at: number }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "reset"; draft: ComposerDraft };

export function startHistory(draft: ComposerDraft): History {
  return { past: [], present: draft, future: [], lastKey: null, lastAt: 0 };
}

export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case "change": {
      const next = action.update(state.present);
      if (next === state.present) return state;
      const coalesce =
        action.key !== undefined && action.key === state.lastKey && action.at - state.lastAt < COALESCE_MS;
      const past = coalesce ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
      return { past, present: next, future: [], lastKey: action.key ?? null, lastAt: action.at };
    }
    case "undo": {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastKey: null,
        lastAt: 0,
      };
    }
    case "redo": {
      const [next, ...future] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future, lastKey: null, lastAt: 0 };
    }
    case "reset":
      return startHistory(action.draft);
  }
}
