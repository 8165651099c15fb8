import { describe, expect, it } from "vitest";
import { ZBlocks, ZFooterStyles, ZTheme } from "@/lib/schemas/blocks";
import { BUILT_IN_TEMPLATE_IDS, ZSaveTemplate } from "@/lib/schemas/templates";
import { BUILT_IN_TEMPLATES, builtInTemplate, TEMPLATE_ASSET_ORIGIN, withAssetOrigin } from "./built-in";

describe("built-in templates", () => {
  it("are the three the start page offers, in its order", () => {
    expect(BUILT_IN_TEMPLATES.map((t) => t.id)).toEqual([...BUILT_IN_TEMPLATE_IDS]);
    expect(builtInTemplate("welcome").name).toBe("Welcome");
  });

  describe.each(BUILT_IN_TEMPLATES.map((t) => [t.id, t] as const))("%s", (_, template) => {
    it("is stored exactly as the block schema would store it", () => {
      // Parsing fills defaults and normalises colours: equal means nothing was left for the schema to change.
      expect(ZBlocks.parse(template.blocks)).toEqual(template.blocks);
      expect(ZTheme.parse(template.theme)).toBe(template.theme);
      expect(ZFooterStyles.parse(template.footerStyles)).toEqual(template.footerStyles);
      const { name, subject, previewText, blocks, theme, footerStyles } = template;
      // What "Save as template" would store from a broadcast started on it.
      expect(ZSaveTemplate.parse({ name, subject, previewText, blocks, theme, footerStyles }).blocks).toEqual(blocks);
    });
  });

  it("use every block a marketer expects of them", () => {
    const types = (id: (typeof BUILT_IN_TEMPLATE_IDS)[number]) => allTypes(builtInTemplate(id).blocks);
    expect(types("newsletter")).toEqual(
      expect.arrayContaining(["image", "heading", "text", "columns", "button", "divider", "social"]),
    );
    expect(types("announcement")).toEqual(expect.arrayContaining(["heading", "text", "button", "image"]));
    expect(types("welcome")).toEqual(expect.arrayContaining(["heading", "text", "button", "quote"]));
  });
});

type AnyBlock = (typeof BUILT_IN_TEMPLATES)[number]["blocks"][number];

function flat(blocks: readonly AnyBlock[]): AnyBlock[] {
  return blocks.flatMap((b) => (b.type === "columns" ? [b, ...b.columns.flatMap((c) => c.blocks)] : [b]));
}

function allTypes(blocks: readonly AnyBlock[]): string[] {
  return [...new Set(flat(blocks).map((b) => b.type))];
}

describe("withAssetOrigin", () => {
  it("serves the built-in pictures from the app, in columns too, and leaves other images alone", () => {
    const blocks = withAssetOrigin(builtInTemplate("newsletter").blocks, "https://mail.example.org/");
    const srcs = JSON.stringify(blocks).match(/"src":"[^"]+"/g) ?? [];
    expect(srcs).toContain('"src":"https://mail.example.org/templates/newsletter-header.png"');
    expect(srcs).toContain('"src":"https://mail.example.org/templates/story-one.png"');
    expect(srcs.join()).not.toContain(TEMPLATE_ASSET_ORIGIN);
    const own = [{ type: "image" as const, src: "https://cdn.example.com/a.png", alt: "", align: "center" as const }];
    expect(withAssetOrigin(own, "https://mail.example.org")).toEqual(own);
  });
});
