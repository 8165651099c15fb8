import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SAMPLE_CONTENT } from "@/lib/email-content/testing/sample-content";
import { MAX_BLOCKS, ZBlocks, ZFooterStyles, ZTheme } from "./blocks";

const issues = (input: unknown) =>
  (ZBlocks.safeParse(input).error?.issues ?? []).map((i) => ({ path: i.path.join("/"), message: i.message }));

describe("ZBlocks", () => {
  it("accepts every block type and fills defaults", () => {
    const blocks = ZBlocks.parse(SAMPLE_CONTENT.blocks);
    expect(new Set(blocks.map((b) => b.type))).toEqual(
      new Set(["heading", "text", "image", "button", "divider", "columns", "spacer", "quote", "html", "social"]),
    );
    expect(blocks[0]).toMatchObject({ type: "heading", level: 1, align: "left" });
    expect(blocks[3]).toMatchObject({ type: "button", align: "center" });
  });

  it.each([
    [{ type: "button", text: "Go", href: "javascript:alert(1)" }, "0/href"],
    [{ type: "button", text: "Go", href: "JaVaScRiPt:alert(1)" }, "0/href"],
    [{ type: "image", src: "data:image/png;base64,AAAA" }, "0/src"],
    [{ type: "image", src: "https://x.example/a.png", href: "ftp://x.example" }, "0/href"],
    [{ type: "text", text: "see [this](javascript:alert(1))" }, "0/text"],
    [{ type: "heading", text: "x", level: 4 }, "0/level"],
    [{ type: "spacer", height: 2 }, "0/height"],
    [{ type: "button", text: "Go", href: "https://x.example", backgroundColor: "red" }, "0/backgroundColor"],
    [{ type: "social", links: [{ network: "myspace", url: "https://x.example" }] }, "0/links/0/network"],
    [{ type: "text", text: "x", colour: "red" }, "0"],
    [{ type: "marquee" }, "0/type"],
    [{ type: "columns", columns: [{ blocks: [] }] }, "0/columns"],
  ])("points at the offending field of %j", (block, path) => {
    expect(issues([block]).map((i) => i.path)).toEqual([path]);
  });

  it("points into columns, and refuses columns inside columns", () => {
    const result = issues([
      { type: "text", text: "ok" },
      {
        type: "columns",
        columns: [
          { blocks: [{ type: "columns", columns: [] }] },
          {
            blocks: [
              { type: "image", src: "https://x.example/a.png" },
              { type: "button", text: "x", href: "x" },
            ],
          },
        ],
      },
    ]);
    expect(result).toEqual([
      { path: "1/columns/0/blocks/0/type", message: expect.stringContaining("cannot be nested") },
      { path: "1/columns/1/blocks/1/href", message: expect.any(String) },
    ]);
  });

  it("accepts merge tags and mailto: in links", () => {
    expect(
      issues([
        { type: "button", text: "Go", href: "https://x.example/?e={{email}}&c={{company|none}}" },
        { type: "text", text: "[mail](mailto:hi@x.example) [deal](https://x.example/{{plan}})" },
      ]),
    ).toEqual([]);
    // A merge tag cannot supply the scheme: its value is URL-encoded per recipient.
    expect(issues([{ type: "button", text: "Go", href: "{{website}}" }]).map((i) => i.path)).toEqual(["0/href"]);
  });

  it("refuses a merge tag in a link's scheme or host wherever a link is, at that link", () => {
    const MSG = /^(Link "[^"]+": )?Merge tags may fill a link's path, query or fragment, never its scheme or host/;
    const result = issues([
      { type: "button", text: "Shop", href: "https://{{website|shop.example}}/" },
      { type: "image", src: "https://x.example/a.png", href: "https://shop.{{tld|example}}/" },
      { type: "social", links: [{ network: "instagram", url: "https://{{handle}}.example/" }] },
      { type: "text", text: "see [our shop](https://{{website|shop.example}}/sale)" },
      { type: "heading", text: "[x](https://shop.example{{path}})" },
      { type: "quote", text: "[x](http{{s}}://shop.example/)" },
      {
        type: "html",
        html: '<p><a href="https://{{website}}/">shop</a> and <a href="https://ok.example/{{x}}">ok</a></p>',
      },
      {
        type: "columns",
        columns: [
          { blocks: [{ type: "button", text: "Go", href: "https://ok.example/?e={{email}}" }] },
          { blocks: [{ type: "button", text: "Go", href: "https://{{user}}@shop.example/" }] },
        ],
      },
    ]);
    expect(result).toEqual(
      ["0/href", "1/href", "2/links/0/url", "3/text", "4/text", "5/text", "6/html", "7/columns/1/blocks/0/href"].map(
        (path) => ({ path, message: expect.stringMatching(MSG) }),
      ),
    );
    expect(
      ZFooterStyles.safeParse({ text: "[home](https://{{site}}/)" }).error?.issues.map((i) => i.path.join("/")),
    ).toEqual(["text"]);
  });

  it("enforces the size limits", () => {
    const text = (n: number) => ({ type: "text", text: "x".repeat(n) });
    expect(issues([text(20_000)])).toEqual([]);
    expect(issues([text(20_001)]).map((i) => i.path)).toEqual(["0/text"]);
    expect(issues([{ type: "html", html: "x".repeat(100_001) }]).map((i) => i.path)).toEqual(["0/html"]);
    expect(issues(Array.from({ length: MAX_BLOCKS }, () => ({ type: "divider" })))).toEqual([]);
    expect(issues(Array.from({ length: MAX_BLOCKS + 1 }, () => ({ type: "divider" })))).toHaveLength(1);
    // Blocks inside columns count too.
    const columns = {
      type: "columns",
      columns: [{ blocks: [{ type: "divider" }] }, { blocks: [{ type: "divider" }] }],
    };
    expect(issues([...Array.from({ length: MAX_BLOCKS - 2 }, () => ({ type: "divider" })), columns])).toHaveLength(1);
  });

  it("sanitizes raw HTML when it is written", () => {
    const [block] = ZBlocks.parse([
      {
        type: "html",
        html: `<p onclick="steal()" style="color:red;position:fixed">Hi <a href="javascript:x()">x</a></p><script>x()</script><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form>`,
      },
    ]);
    expect(block).toEqual({ type: "html", html: '<p style="color:red">Hi <a>x</a></p>' });
  });
});

describe("ZTheme and ZFooterStyles", () => {
  it("accept the documented values only", () => {
    expect(ZTheme.options).toEqual(["default", "minimal", "dark"]);
    expect(ZTheme.safeParse("neon").success).toBe(false);
    expect(ZFooterStyles.parse({ backgroundColor: "#ABCDEF", fontSize: 12 })).toEqual({
      backgroundColor: "#abcdef",
      fontSize: 12,
    });
    expect(ZFooterStyles.safeParse({ textColor: "url(x)" }).error?.issues[0]?.path).toEqual(["textColor"]);
    expect(ZFooterStyles.safeParse({ unsubscribe: false }).success).toBe(false);
  });
});

describe("OpenAPI", () => {
  it("documents every block type with a description and an example", () => {
    const registry = new OpenAPIRegistry();
    const body = z.object({ blocks: ZBlocks, theme: ZTheme, footerStyles: ZFooterStyles });
    registry.registerPath({
      method: "post",
      path: "/content",
      request: { body: { content: { "application/json": { schema: body } } } },
      responses: { 200: { description: "ok", content: { "application/json": { schema: body } } } },
    });
    const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
    });
    const schemas = doc.components?.schemas ?? {};
    const types = ["Heading", "Text", "Image", "Button", "Divider", "Spacer", "Columns", "Social", "Quote", "Html"];
    for (const type of types) {
      const schema = schemas[`${type}Block`] as { description?: string; example?: unknown } | undefined;
      expect(schema?.description, type).toBeTruthy();
      expect(schema?.example, type).toBeTruthy();
    }
    expect(schemas).toHaveProperty("Theme");
    expect(schemas).toHaveProperty("FooterStyles");
  });
});
