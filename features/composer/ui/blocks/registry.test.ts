import { describe, expect, it } from "vitest";
import { ZBlock, type ColumnsBlock } from "@/lib/schemas/blocks";
import { setColumnCount } from "./columns";
import { BLOCK_MODULES, blockModule } from "./registry";
import { imageBlock, withImage } from "./image";
import { moveLink } from "./social";

describe("block modules", () => {
  it("are offered in palette order, one per block type", () => {
    expect(BLOCK_MODULES.map((m) => m.type)).toEqual([
      "heading",
      "text",
      "image",
      "button",
      "columns",
      "divider",
      "spacer",
      "social",
      "quote",
      "html",
    ]);
    for (const m of BLOCK_MODULES) expect(blockModule(m.type)).toBe(m);
  });

  it.each(BLOCK_MODULES.map((m) => [m.type, m] as const))(
    "%s: create() is a valid block with a fresh id",
    (type, m) => {
      const a = m.create();
      const b = m.create();
      expect(a.type).toBe(type);
      // The parsed block equals the created one: nothing was defaulted, trimmed or sanitized away.
      expect(ZBlock.parse(a)).toEqual(a);
      expect(a.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(b.id).not.toBe(a.id);
      expect(m.label).not.toBe("");
      expect(m.description).not.toBe("");
    },
  );

  it("start with the content the brief names", () => {
    expect(blockModule("text").create()).toMatchObject({ text: "Write something…" });
    expect(blockModule("button").create()).toMatchObject({ text: "Click here", href: "" });
  });
});

describe("setColumnCount", () => {
  const text = (t: string) => ({ type: "text" as const, id: t, text: t, align: "left" as const });
  const three: ColumnsBlock = {
    type: "columns",
    id: "c",
    columns: [{ blocks: [text("a")] }, { blocks: [text("b")] }, { blocks: [text("c"), text("d")] }],
  };

  it("moves the removed column's blocks to the end of the previous one", () => {
    const two = setColumnCount(three, 2);
    expect(two.columns.map((c) => c.blocks.map((b) => b.id))).toEqual([["a"], ["b", "c", "d"]]);
    expect(ZBlock.parse(two)).toEqual(two);
    // The input is left as it was (drafts are immutable for undo).
    expect(three.columns).toHaveLength(3);
    expect(three.columns[1]!.blocks).toHaveLength(1);
  });

  it("adds an empty column and keeps the count when unchanged", () => {
    const two = setColumnCount(three, 2);
    expect(setColumnCount(two, 3).columns.map((c) => c.blocks.length)).toEqual([1, 3, 0]);
    expect(setColumnCount(three, 3).columns.map((c) => c.blocks.length)).toEqual([1, 1, 2]);
  });
});

describe("moveLink", () => {
  const links = [
    { network: "website" as const, url: "https://a.example" },
    { network: "x" as const, url: "https://x.com/b" },
    { network: "github" as const, url: "https://github.com/c" },
  ];
  it("moves up and down and ignores moves past either end", () => {
    expect(moveLink(links, 2, 1).map((l) => l.network)).toEqual(["website", "github", "x"]);
    expect(moveLink(links, 0, 1).map((l) => l.network)).toEqual(["x", "website", "github"]);
    expect(moveLink(links, 0, -1)).toBe(links);
    expect(moveLink(links, 2, 3)).toBe(links);
  });
});

describe("withImage", () => {
  const block = imageBlock.create();
  it("uses the uploaded URL, keeps a narrow image's width and suggests alt text from the file name", () => {
    const next = withImage(block, {
      url: "https://mail.example/uploads/w/1.png",
      width: 320,
      fileName: "spring-sale_banner.png",
    });
    expect(next).toMatchObject({ src: "https://mail.example/uploads/w/1.png", width: 320, alt: "spring sale banner" });
    expect(ZBlock.parse(next)).toEqual(next);
  });
  it("lets a wide or unmeasured image fill the email and keeps alt text already written", () => {
    const written = { ...block, alt: "Our team" };
    expect(withImage(written, { url: "https://a.example/x.jpg", width: 1200, fileName: "x.jpg" })).toMatchObject({
      width: undefined,
      alt: "Our team",
    });
    expect(withImage(block, { url: "https://a.example/x.jpg", width: null, fileName: "x.jpg" }).width).toBeUndefined();
  });
});
