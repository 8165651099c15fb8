import { describe, expect, it } from "vitest";
import { type InlineNode, parseInline } from "@/lib/email-content/inline-markup";
import { type EditorNode, domToMarkup, element, markupToNodes, nodesToHtml } from "./markup";

const t = (value: string): EditorNode => ({ nodeType: 3, nodeName: "#text", nodeValue: value, childNodes: [] });
const el = (name: "STRONG" | "EM" | "A" | "BR" | "SPAN" | "DIV", ...children: EditorNode[]) =>
  element(name, {}, children);
const root = (...children: EditorNode[]) => element("DIV", {}, children);
const roundTrip = (markup: string) => domToMarkup(root(...markupToNodes(markup)));
/** The tree parseInline builds, without the separators the writer may add (they are invisible). */
const tree = (markup: string) => clean(parseInline(markup).nodes);
function clean(nodes: InlineNode[]): InlineNode[] {
  return nodes.flatMap((n): InlineNode[] => {
    if (n.kind === "text")
      return n.text.replaceAll("\u200b", "") ? [{ ...n, text: n.text.replaceAll("\u200b", "") }] : [];
    return "children" in n ? [{ ...n, children: clean(n.children) }] : [n];
  });
}
/** What the reader sees: each character with its formatting, whatever the nesting order. */
function look(markup: string): string[] {
  const walk = (nodes: InlineNode[], f: string[]): string[] =>
    nodes.flatMap((n) => {
      if (n.kind === "text") return [...n.text.replaceAll("\u200b", "")].map((c) => `${c}:${f.toSorted().join(",")}`);
      if (n.kind === "break" || n.kind === "merge") return [n.kind];
      return walk(n.children, [...f, n.kind === "link" ? n.url : n.kind]);
    });
  return walk(parseInline(markup).nodes, []);
}
const txt = (text: string) => ({ kind: "text", text });

describe("markup → editor DOM → markup", () => {
  it.each([
    ["", ""],
    ["plain words", "plain words"],
    ["**bold**", "**bold**"],
    ["*italic*", "*italic*"],
    ["a **b *c* d** e", "a **b *c* d** e"],
    ["[Shop](https://example.com/sale)", "[Shop](https://example.com/sale)"],
    ["[**Shop** now](mailto:hi@example.com)", "[**Shop** now](mailto:hi@example.com)"],
    ["Hi {{firstName|there}}, {{email}}", "Hi {{firstName|there}}, {{email}}"],
    ["line one\nline two", "line one\nline two"],
    ["ends with a break\n", "ends with a break\n"],
    ["\n\n", "\n\n"],
    ["5 \\* 3 \\[not a link\\] c:\\\\dir", "5 \\* 3 \\[not a link\\] c:\\\\dir"],
  ])("%j", (markup, expected) => {
    expect(roundTrip(markup)).toBe(expected);
    expect(tree(roundTrip(markup))).toEqual(tree(markup));
  });

  it("normalises escapes the parser did not need and unmatched markers to escaped text", () => {
    expect(roundTrip("\\_x\\_")).toBe("_x_");
    expect(roundTrip("**open")).toBe("\\*\\*open");
    expect(tree(roundTrip("a * b"))).toEqual(tree("a * b"));
  });

  it("keeps bold and italic that start or end together (the parser reads *** as ** then *)", () => {
    for (const markup of ["***both***", "**a *b***", "***a* b**", "*a **b***"]) {
      const dom = markupToNodes(markup);
      expect(tree(domToMarkup(root(...dom)))).toEqual(tree(markup));
    }
    const both = domToMarkup(root(el("STRONG", el("EM", t("both")))));
    expect(tree(both)).toEqual([{ kind: "strong", children: [{ kind: "em", children: [txt("both")] }] }]);
    const tail = domToMarkup(root(el("STRONG", t("a "), el("EM", t("b")))));
    expect(tree(tail)).toEqual([{ kind: "strong", children: [txt("a "), { kind: "em", children: [txt("b")] }] }]);
    const head = domToMarkup(root(el("EM", el("STRONG", t("a")), t(" b"))));
    expect(look(head)).toEqual(["a:em,strong", " :em", "b:em"]);
  });
});

describe("DOM → markup", () => {
  it("reads what browsers produce: <b>, <i>, styled spans, <div> lines, nbsp and the placeholder <br>", () => {
    const span = { ...element("SPAN", {}, [t("x")]), style: { fontWeight: "700", fontStyle: "italic" } };
    const styled = domToMarkup(root(element("DIV", {}, [t("a\u00a0b")]), span));
    expect(tree(styled)).toEqual([
      txt("a b"),
      { kind: "break" },
      { kind: "strong", children: [{ kind: "em", children: [txt("x")] }] },
    ]);
    expect(domToMarkup(root(t("one"), element("DIV", {}, [t("two")]), element("DIV", {}, [el("BR")])))).toBe(
      "one\ntwo\n",
    );
    expect(domToMarkup(root(t("a"), el("BR")))).toBe("a");
    expect(domToMarkup(root(t("a"), el("BR"), el("BR")))).toBe("a\n");
  });

  it("escapes markup characters typed as text, and a { just before a merge tag", () => {
    expect(domToMarkup(root(t("2*3 [x] a\\b")))).toBe("2\\*3 \\[x\\] a\\\\b");
    const chip = element("SPAN", { "data-merge": "firstName" }, [t("{{firstName}}")]);
    const markup = domToMarkup(root(t("{"), chip));
    expect(tree(markup)).toEqual([
      { kind: "text", text: "{" },
      { kind: "merge", key: "firstName", fallback: null },
    ]);
  });

  it("keeps the label of a link whose URL is not http(s) or mailto:, and encodes ) in URLs", () => {
    expect(domToMarkup(root(element("A", { href: "javascript:alert(1)" }, [t("click")])))).toBe("click");
    const markup = domToMarkup(root(element("A", { href: "https://example.com/a_(b)" }, [t("wiki")])));
    expect(markup).toBe("[wiki](https://example.com/a_(b%29)");
    expect(parseInline(markup).nodes[0]).toMatchObject({ kind: "link", url: "https://example.com/a_(b%29" });
  });

  it("turns line breaks into spaces for single-line fields", () => {
    expect(domToMarkup(root(t("a"), el("BR"), t("b")), { singleLine: true })).toBe("a b");
  });
});

describe("markupToNodes", () => {
  it("renders merge tags as non-editable chips and escapes HTML", () => {
    expect(nodesToHtml(markupToNodes("<b> {{firstName|you}}"))).toBe(
      '&lt;b&gt; <span data-merge="firstName" contenteditable="false" data-fallback="you">{{firstName|you}}</span>',
    );
  });
});
