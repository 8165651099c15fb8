import { describe, expect, it } from "vitest";
import { inlineToText, parseInline } from "./inline-markup";

describe("parseInline", () => {
  it("reads bold, italic, links, merge tags and line breaks", () => {
    expect(parseInline("Hi {{firstName|there}},\n**big** *news* [here](https://x.example/?e={{email}})").nodes).toEqual(
      [
        { kind: "text", text: "Hi " },
        { kind: "merge", key: "firstName", fallback: "there" },
        { kind: "text", text: "," },
        { kind: "break" },
        { kind: "strong", children: [{ kind: "text", text: "big" }] },
        { kind: "text", text: " " },
        { kind: "em", children: [{ kind: "text", text: "news" }] },
        { kind: "text", text: " " },
        { kind: "link", url: "https://x.example/?e={{email}}", children: [{ kind: "text", text: "here" }] },
      ],
    );
  });

  it("nests emphasis inside links and links inside bold", () => {
    expect(inlineToText("**see [the *new* shop](https://x.example)**")).toBe("see the new shop (https://x.example)");
    expect(parseInline("**see [shop](https://x.example)**").nodes[0]).toMatchObject({
      kind: "strong",
      children: [
        { kind: "text", text: "see " },
        { kind: "link", url: "https://x.example" },
      ],
    });
  });

  it.each([
    ["\\*not italic\\*", "*not italic*"],
    ["2 * 3 = 6", "2 * 3 = 6"],
    ["**unclosed bold", "**unclosed bold"],
    ["[no link] here", "[no link] here"],
    ["[broken](https://x.example", "[broken](https://x.example"],
    ["a {{ not a tag }} b {{", "a {{ not a tag }} b {{"],
    ["back\\slash \\q", "back\\slash \\q"],
    ["line\r\nbreak", "line\nbreak"],
  ])("keeps %j as the literal text %j", (source, text) => {
    expect(inlineToText(source)).toBe(text);
  });

  it("reports unsafe links and leaves them as text", () => {
    const parsed = parseInline("[x](javascript:alert(1)) [y](data:text/html,hi)");
    expect(parsed.unsafeLinks).toEqual(["javascript:alert(1", "data:text/html,hi"]);
    expect(parsed.nodes.some((n) => n.kind === "link")).toBe(false);
  });

  it("handles 20,000 characters of delimiters, closed and unclosed", () => {
    // One pass with a stack at most four deep (root, strong, em, link): linear whatever the input.
    const closed = "**x** ".repeat(3_000);
    expect(inlineToText(closed)).toBe("x ".repeat(3_000));
    expect(inlineToText("[".repeat(20_000))).toBe("[".repeat(20_000));
    // 10,000 "**" pairs open and close (empty) bold runs; the odd star is left as text.
    expect(inlineToText("*".repeat(20_001))).toBe("*");
  });
});

describe("inlineToText", () => {
  it("writes merge tags through the given function", () => {
    expect(inlineToText("Hi {{firstName|there}}", { merge: (_, fallback) => fallback ?? "" })).toBe("Hi there");
    expect(inlineToText("Hi {{ firstName }}")).toBe("Hi {{firstName}}");
  });
});
