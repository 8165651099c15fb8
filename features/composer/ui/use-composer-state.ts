"use client";
// The composer's state: the draft under undo/redo, the selected block, and the block actions every part of the
// composer calls (one stable object, so the memoised canvas frames re-render only when their own block changes).
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import type { Block } from "@/lib/schemas/blocks";
import type { ComposerDraft } from "@/lib/composer/draft";
import { copyBlock, withIds } from "@/lib/composer/draft";
import {
  findBlock,
  findPlace,
  insertBlock,
  moveBlock,
  nudgeBlock,
  removeBlock,
  replaceBlock,
  ROOT,
  type Container,
} from "../model/block-ops";
import { historyReducer, startHistory } from "../model/history";

export type BlockActions = {
  select(id: string | null): void;
  update(id: string, next: Block): void;
  remove(id: string): void;
  duplicate(id: string): void;
  nudge(id: string, delta: -1 | 1): void;
  move(id: string, to: Container, index: number): void;
  /** Adds a new block after the selected one (in its column when it is in one), or at the end. */
  /** Returns the new block's id. */
  add(block: Block, at?: { container: Container; index: number }): string;
};

export function useComposerState(initial: ComposerDraft) {
  const [history, dispatch] = useReducer(historyReducer, initial, startHistory);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const draft = history.present;
  // The latest draft and selection for actions that must decide outside the (pure, maybe twice-run) reducer.
  const latest = useRef({ draft, selectedId });
  useLayoutEffect(() => {
    latest.current = { draft, selectedId };
  }, [draft, selectedId]);

  const change = useCallback(
    (update: (d: ComposerDraft) => ComposerDraft, key?: string) =>
      dispatch({ type: "change", update, key, at: Date.now() }),
    [],
  );
  const setBlocks = useCallback(
    (edit: (blocks: Block[]) => Block[], key?: string) =>
      change((d) => {
        const blocks = edit(d.blocks);
        return blocks === d.blocks ? d : { ...d, blocks };
      }, key),
    [change],
  );

  /** A patch of draft fields; typing in one field is one undo step. */
  const patch = useCallback(
    (p: Partial<ComposerDraft>) => change((d) => ({ ...d, ...p }), `fields:${Object.keys(p).sort().join(",")}`),
    [change],
  );

  const actions = useMemo<BlockActions>(
    () => ({
      select: setSelectedId,
      update: (id, next) => setBlocks((b) => replaceBlock(b, id, next), `block:${id}`),
      remove: (id) => {
        setBlocks((b) => removeBlock(b, id));
        setSelectedId((s) => (s === id ? null : s));
      },
      duplicate: (id) => {
        const blocks = latest.current.draft.blocks;
        const place = findPlace(blocks, id);
        const original = findBlock(blocks, id);
        if (!place || !original) return;
        const copy = copyBlock(original);
        setBlocks((b) => insertBlock(b, copy, place, place.index + 1));
        setSelectedId(copy.id ?? null);
      },
      nudge: (id, delta) => setBlocks((b) => nudgeBlock(b, id, delta)),
      move: (id, to, index) => setBlocks((b) => moveBlock(b, id, to, index)),
      add: (raw, at) => {
        const block = withIds(raw);
        const { draft: current, selectedId: selected } = latest.current;
        let target = at ?? { container: ROOT as Container, index: current.blocks.length };
        const place = !at && selected ? findPlace(current.blocks, selected) : null;
        if (place && place.parentId !== null && block.type === "columns") {
          const parent = findPlace(current.blocks, place.parentId);
          target = { container: ROOT, index: (parent?.index ?? current.blocks.length - 1) + 1 };
        } else if (place) {
          target = { container: place, index: place.index + 1 };
        }
        setBlocks((b) => insertBlock(b, block, target.container, target.index));
        setSelectedId(block.id!);
        return block.id!;
      },
    }),
    [setBlocks],
  );

  return {
    draft,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    undo: useCallback(() => dispatch({ type: "undo" }), []),
    redo: useCallback(() => dispatch({ type: "redo" }), []),
    reset: useCallback((d: ComposerDraft) => dispatch({ type: "reset", draft: d }), []),
    patch,
    actions,
    selectedId,
  };
}
