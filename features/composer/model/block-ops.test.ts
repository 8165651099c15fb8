import { describe, expect, it } from "vitest";
import type { Block } from "@/lib/schemas/blocks";
import {
  countBlocks,
  duplicateBlock,
  findPlace,
  insertBlock,
  moveBlock,
  nudgeBlock,
  removeBlock,
  replaceBlock,
  ROOT,
} from "./block-ops";

const text = (id: string): Block => ({ type: "text", id, text: id, align: "left" });
const tree = (): Block[] => [
  text("a"),
  {
    type: "columns",
    id: "cols",
    columns: [{ blocks: [{ type: "text", id: "l1", text: "l1", align: "left" }] }, { blocks: [] }],
  },
  text("b"),
];
const ids = (blocks: Block[]) =>
  blocks.map((b) =>
    b.type === "columns" ? `${b.id}[${b.columns.map((c) => c.blocks.map((x) => x.id).join(",")).join("|")}]` : b.id,
  );

describe("block tree edits", () => {
  it("finds blocks at the root and inside columns", () => {
    expect(findPlace(tree(), "b")).toEqual({ parentId: null, index: 2 });
    expect(findPlace(tree(), "l1")).toEqual({ parentId: "cols", column: 0, index: 0 });
    expect(findPlace(tree(), "nope")).toBeNull();
  });

  it("moves a block into a column and back out, losing nothing", () => {
    const into = moveBlock(tree(), "a", { parentId: "cols", column: 1 }, 0);
    expect(ids(into)).toEqual(["cols[l1|a]", "b"]);
    const out = moveBlock(into, "l1", ROOT, 2);
    expect(ids(out)).toEqual(["cols[|a]", "b", "l1"]);
    expect(countBlocks(out)).toBe(countBlocks(tree()));
  });

  it("never nests columns, nor moves columns into themselves", () => {
    const t = tree();
    expect(moveBlock(t, "cols", { parentId: "cols", column: 0 }, 0)).toBe(t);
    const inserted = insertBlock(
      t,
      { type: "columns", id: "c2", columns: [{ blocks: [] }, { blocks: [] }] },
      {
        parentId: "cols",
        column: 0,
      },
      0,
    );
    expect(ids(inserted).at(-1)).toBe("c2[|]");
  });

  it("nudges within a container and stops at its edges", () => {
    expect(ids(nudgeBlock(tree(), "b", -1))).toEqual(["a", "b", "cols[l1|]"]);
    const t = tree();
    expect(nudgeBlock(t, "a", -1)).toBe(t);
    expect(nudgeBlock(t, "l1", 1)).toBe(t);
  });

  it("duplicates with fresh ids next to the original, deep for columns", () => {
    const { blocks, copyId } = duplicateBlock(tree(), "cols");
    expect(blocks).toHaveLength(4);
    const copy = blocks[2]!;
    expect(copy.id).toBe(copyId);
    expect(copy.id).not.toBe("cols");
    expect(copy.type === "columns" && copy.columns[0]!.blocks[0]!.id).not.toBe("l1");
  });

  it("replaces and removes by id anywhere", () => {
    const replaced = replaceBlock(tree(), "l1", text("z"));
    expect(ids(replaced)).toEqual(["a", "cols[z|]", "b"]);
    expect(ids(removeBlock(replaced, "z"))).toEqual(["a", "cols[|]", "b"]);
  });
});
