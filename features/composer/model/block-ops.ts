// Pure edits of a block tree (root blocks, and the blocks of each column of a columns block), by block id. The
// composer's reducer, drag and drop and keyboard moves all go through these, so each rule lives once: columns
// never nest, nothing is lost when a block moves, and ids stay unique.
import type { Block, ColumnsBlock, LeafBlock } from "@/lib/schemas/blocks";
import { copyBlock } from "@/lib/composer/draft";

/** Where a block sits: at the root, or in column `column` of the columns block `parentId`. */
export type Place = { parentId: null; index: number } | { parentId: string; column: number; index: number };
/** A container a block can be dropped into. */
export type Container = { parentId: null } | { parentId: string; column: number };

export const ROOT: Container = { parentId: null };

export function containerKey(c: Container): string {
  return c.parentId === null ? "root" : `${c.parentId}:${c.column}`;
}

export function parseContainerKey(key: string): Container | null {
  if (key === "root") return ROOT;
  const m = /^(.+):(\d)$/.exec(key);
  return m ? { parentId: m[1]!, column: Number(m[2]) } : null;
}

export function findPlace(blocks: Block[], id: string): Place | null {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.id === id) return { parentId: null, index: i };
    if (b.type === "columns") {
      for (let c = 0; c < b.columns.length; c++) {
        const j = b.columns[c]!.blocks.findIndex((x) => x.id === id);
        if (j >= 0) return { parentId: b.id!, column: c, index: j };
      }
    }
  }
  return null;
}

export function findBlock(blocks: Block[], id: string): Block | null {
  const place = findPlace(blocks, id);
  return place ? (listOf(blocks, place)[place.index] ?? null) : null;
}

/** The blocks of a container (a copy is never needed to read). */
export function listOf(blocks: Block[], c: Container): Block[] {
  if (c.parentId === null) return blocks;
  const parent = blocks.find((b) => b.id === c.parentId);
  return parent?.type === "columns" ? (parent.columns[c.column]?.blocks ?? []) : [];
}

function withList(blocks: Block[], c: Container, list: Block[]): Block[] {
  if (c.parentId === null) return list;
  return blocks.map((b) =>
    b.id === c.parentId && b.type === "columns"
      ? ({
          ...b,
          columns: b.columns.map((col, i) => (i === c.column ? { blocks: list as LeafBlock[] } : col)),
        } satisfies ColumnsBlock)
      : b,
  );
}

/** Columns hold any block but columns. */
export function canHold(c: Container, block: Block): boolean {
  return c.parentId === null || block.type !== "columns";
}

export function insertBlock(blocks: Block[], block: Block, c: Container, index: number): Block[] {
  const target = canHold(c, block) ? c : ROOT;
  const list = [...listOf(blocks, target)];
  const at = target === c ? Math.max(0, Math.min(index, list.length)) : list.length;
  list.splice(at, 0, block);
  return withList(blocks, target, list);
}

export function removeBlock(blocks: Block[], id: string): Block[] {
  const place = findPlace(blocks, id);
  if (!place) return blocks;
  const list = listOf(blocks, place).filter((b) => b.id !== id);
  return withList(blocks, place, list);
}

export function replaceBlock(blocks: Block[], id: string, next: Block): Block[] {
  const place = findPlace(blocks, id);
  if (!place) return blocks;
  const list = listOf(blocks, place).map((b) => (b.id === id ? next : b));
  return withList(blocks, place, list);
}

/** Moves a block to `index` of `to` (the index as counted after taking the block out). Refused moves change nothing. */
export function moveBlock(blocks: Block[], id: string, to: Container, index: number): Block[] {
  const block = findBlock(blocks, id);
  if (!block || !canHold(to, block)) return blocks;
  if (to.parentId === id) return blocks;
  return insertBlock(removeBlock(blocks, id), block, to, index);
}

/** One step up or down within its container; at the edge of a column it stays (Alt+arrows and the toolbar). */
export function nudgeBlock(blocks: Block[], id: string, delta: -1 | 1): Block[] {
  const place = findPlace(blocks, id);
  if (!place) return blocks;
  const list = listOf(blocks, place);
  const index = place.index + delta;
  if (index < 0 || index >= list.length) return blocks;
  return moveBlock(blocks, id, place, index);
}

export function duplicateBlock(blocks: Block[], id: string): { blocks: Block[]; copyId: string | null } {
  const place = findPlace(blocks, id);
  const block = place && listOf(blocks, place)[place.index];
  if (!place || !block) return { blocks, copyId: null };
  const copy = copyBlock(block);
  return { blocks: insertBlock(blocks, copy, place, place.index + 1), copyId: copy.id ?? null };
}

/** Every block in reading order (columns, then their blocks column by column). */
export function flatten(blocks: Block[]): Block[] {
  return blocks.flatMap((b) => (b.type === "columns" ? [b, ...b.columns.flatMap((c) => c.blocks)] : [b]));
}

export function countBlocks(blocks: Block[]): number {
  return flatten(blocks).length;
}
