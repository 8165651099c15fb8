import { describe, expect, it } from "vitest";
import type { ComposerDraft } from "@/lib/composer/draft";
import { historyReducer, startHistory } from "./history";

const draft = { name: "n", subject: null } as ComposerDraft;
const setSubject = (subject: string, key?: string, at = 0) =>
  ({ type: "change", update: (d: ComposerDraft) => ({ ...d, subject }), key, at }) as const;

describe("composer history", () => {
  it("undoes and redoes each change", () => {
    let h = startHistory(draft);
    h = historyReducer(h, setSubject("a"));
    h = historyReducer(h, setSubject("b"));
    h = historyReducer(h, { type: "undo" });
    expect(h.present.subject).toBe("a");
    h = historyReducer(h, { type: "undo" });
    expect(h.present.subject).toBeNull();
    expect(historyReducer(h, { type: "undo" })).toBe(h);
    h = historyReducer(h, { type: "redo" });
    expect(h.present.subject).toBe("a");
  });

  it("coalesces typing in one field within a second, not across fields or pauses", () => {
    let h = startHistory(draft);
    h = historyReducer(h, setSubject("H", "subject", 1000));
    h = historyReducer(h, setSubject("Hi", "subject", 1500));
    expect(h.past).toHaveLength(1);
    h = historyReducer(h, setSubject("Hi!", "subject", 3000));
    expect(h.past).toHaveLength(2);
    h = historyReducer(h, setSubject("Hi!?", "other", 3100));
    expect(h.past).toHaveLength(3);
  });

  it("a new change after undo drops the redo branch; a no-op change is no step", () => {
    let h = startHistory(draft);
    h = historyReducer(h, setSubject("a"));
    h = historyReducer(h, { type: "undo" });
    h = historyReducer(h, setSubject("c"));
    expect(h.future).toHaveLength(0);
    const same = historyReducer(h, { type: "change", update: (d) => d, at: 0 });
    expect(same).toBe(h);
  });
});
