// Markdown-lite for inline text (headings, paragraphs, quotes, buttons, the footer): **bold**, *italic*,
// [label](url), backslash escapes and newlines, plus merge tags. Parsed to a small tree that the React renderer
// (emails/blocks/inline.tsx) and the plain-text writer below both walk. No React here: the schema imports it to
// check links.
import { isSafeLinkUrl } from "./links";
import { MERGE_TAG } from "./merge-tags";

const MERGE_TAG_AT = new RegExp(MERGE_TAG.source, "y");

export type InlineNode =
  | { kind: "text"; text: string }
  | { kind: "break" }
  | { kind: "merge"; key: string; fallback: string | null }
  | { kind: "strong" | "em"; children: InlineNode[] }
  | { kind: "link"; url: string; children: InlineNode[] };

export type ParsedInline = { nodes: InlineNode[]; unsafeLinks: string[] };

const ESCAPABLE = new Set("\\`*_{}[]()#+-.!|<>~");

type Frame = { kind: "root" | "strong" | "em" | "link"; marker: string; nodes: InlineNode[] };

/**
 * One pass with a stack of open delimiters, so any input (20,000 stars included) parses in linear time. An opener
 * without its closer is plain text; a link whose URL is not http(s)/mailto: stays text and is reported.
 */
export function parseInline(source: string): ParsedInline {
  const s = source.replace(/\r\n?/g, "\n");
  const stack: Frame[] = [{ kind: "root", marker: "", nodes: [] }];
  const unsafeLinks: string[] = [];
  const top = () => stack[stack.length - 1]!;
  const pushText = (text: string) => {
    const nodes = top().nodes;
    const last = nodes[nodes.length - 1];
    if (last?.kind === "text") last.text += text;
    else nodes.push({ kind: "text", text });
  };
  // Closes the nearest open frame of `kind`; frames opened inside it and never closed become literal text.
  const close = (kind: Frame["kind"]): Frame | null => {
    const at = stack.findLastIndex((f) => f.kind === kind);
    if (at <= 0) return null;
    while (stack.length - 1 > at) unwind();
    return stack.pop()!;
  };
  const unwind = () => {
    const frame = stack.pop()!;
    pushText(frame.marker);
    for (const node of frame.nodes) {
      if (node.kind === "text") pushText(node.text);
      else top().nodes.push(node);
    }
  };

  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === "\\" && i + 1 < s.length && ESCAPABLE.has(s[i + 1]!)) {
      pushText(s[i + 1]!);
      i += 2;
    } else if (c === "\n") {
      top().nodes.push({ kind: "break" });
      i += 1;
    } else if (c === "{" && s[i + 1] === "{") {
      MERGE_TAG_AT.lastIndex = i;
      const m = MERGE_TAG_AT.exec(s);
      if (m) {
        top().nodes.push({ kind: "merge", key: m[1]!, fallback: m[2] ?? null });
        i += m[0].length;
      } else {
        pushText("{{");
        i += 2;
      }
    } else if (c === "*") {
      const kind = s[i + 1] === "*" ? "strong" : "em";
      const marker = kind === "strong" ? "**" : "*";
      const open = stack.some((f) => f.kind === kind);
      const frame = open ? close(kind) : null;
      if (frame) top().nodes.push({ kind, children: frame.nodes });
      else stack.push({ kind, marker, nodes: [] });
      i += marker.length;
    } else if (c === "[" && !stack.some((f) => f.kind === "link")) {
      stack.push({ kind: "link", marker: "[", nodes: [] });
      i += 1;
    } else if (c === "]" && s[i + 1] === "(" && stack.some((f) => f.kind === "link")) {
      const end = s.indexOf(")", i + 2);
      const url = end === -1 ? "" : s.slice(i + 2, end).trim();
      if (end !== -1 && isSafeLinkUrl(url)) {
        const frame = close("link")!;
        top().nodes.push({ kind: "link", url, children: frame.nodes });
        i = end + 1;
      } else {
        if (end !== -1) unsafeLinks.push(url);
        pushText("]");
        i += 1;
      }
    } else {
      // Copy the run of ordinary characters at once.
      let j = i + 1;
      while (j < s.length && !"\\\n{*[]".includes(s[j]!)) j++;
      pushText(s.slice(i, j));
      i = j;
    }
  }
  while (stack.length > 1) unwind();
  return { nodes: stack[0]!.nodes, unsafeLinks };
}

export type InlineTextOptions = {
  /** Text for a merge tag; by default the tag as written. */
  merge?: (key: string, fallback: string | null) => string;
  /** Text for a link; by default "label (url)", or the label alone when it is the URL. */
  link?: (label: string, url: string) => string;
};

/** The markup as plain text: markers dropped, escapes resolved, links as "label (url)". */
export function inlineToText(source: string | InlineNode[], options: InlineTextOptions = {}): string {
  const nodes = typeof source === "string" ? parseInline(source).nodes : source;
  const merge = options.merge ?? ((key, fallback) => `{{${key}${fallback === null ? "" : `|${fallback}`}}}`);
  const link = options.link ?? ((label, url) => (label === url ? url : `${label} (${url})`));
  const walk = (list: InlineNode[]): string =>
    list
      .map((n) => {
        switch (n.kind) {
          case "text":
            return n.text;
          case "break":
            return "\n";
          case "merge":
            return merge(n.key, n.fallback);
          case "strong":
          case "em":
            return walk(n.children);
          case "link":
            return link(walk(n.children), n.url);
        }
      })
      .join("");
  return walk(nodes);
}
