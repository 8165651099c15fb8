// Markdown-lite (lib/email-content/inline-markup.ts) ↔ the DOM of the in-place editor. Pure: the editor builds real DOM from
// `markupToNodes`, and `domToMarkup` reads any tree shaped like the DOM, so both directions are unit-tested without a
// browser. The writer emits exactly what parseInline reads back to the same tree (the round trip is tested).
import { type InlineNode, parseInline } from "@/lib/email-content/inline-markup";
import { isSafeLinkUrl } from "@/lib/email-content/links";
import { mergeTagText } from "@/lib/email-content/draft-merge-tags";

/** The part of a DOM node the reader needs; a real Node satisfies it, and so does an EditorNode. */
export type DomLike = {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomLike>;
  getAttribute?(name: string): string | null;
  style?: { fontWeight?: string; fontStyle?: string };
};

/** A node of the editor's DOM as plain data (what `markupToNodes` returns and `buildDom` turns into elements). */
export type EditorNode =
  | { nodeType: 3; nodeName: "#text"; nodeValue: string; childNodes: EditorNode[] }
  | {
      nodeType: 1;
      nodeName: "STRONG" | "EM" | "A" | "BR" | "SPAN" | "DIV";
      nodeValue: null;
      attrs: Record<string, string>;
      childNodes: EditorNode[];
      getAttribute(name: string): string | null;
    };

// Separates two emphasis markers that parseInline would otherwise read as one (it reads "***" as "**" then "*"):
// invisible in every client, stripped again when the DOM is read back.
const SEPARATOR = "\u200b";

const text = (value: string): EditorNode => ({ nodeType: 3, nodeName: "#text", nodeValue: value, childNodes: [] });

export function element(
  name: Exclude<EditorNode["nodeName"], "#text">,
  attrs: Record<string, string>,
  children: EditorNode[],
): EditorNode {
  return {
    nodeType: 1,
    nodeName: name,
    nodeValue: null,
    attrs,
    childNodes: children,
    getAttribute: (n) => (Object.hasOwn(attrs, n) ? attrs[n]! : null),
  };
}

export { mergeTagText };

/** A merge tag as an atomic chip: the editor cannot split it, Backspace removes it whole. */
export function mergeChip(key: string, fallback: string | null): EditorNode {
  const attrs: Record<string, string> = { "data-merge": key, contenteditable: "false" };
  if (fallback !== null) attrs["data-fallback"] = fallback;
  return element("SPAN", attrs, [text(mergeTagText(key, fallback))]);
}

/** Markup → editor nodes. A final line break gets a second <br>: browsers do not show a lone trailing one. */
export function markupToNodes(source: string): EditorNode[] {
  const nodes = convert(parseInline(source).nodes);
  if (nodes.at(-1)?.nodeName === "BR") nodes.push(element("BR", {}, []));
  return nodes;
}

function convert(nodes: InlineNode[]): EditorNode[] {
  const out: EditorNode[] = [];
  for (const n of nodes) {
    switch (n.kind) {
      case "text": {
        const value = n.text.replaceAll(SEPARATOR, "");
        if (value) out.push(text(value));
        break;
      }
      case "break":
        out.push(element("BR", {}, []));
        break;
      case "merge":
        out.push(mergeChip(n.key, n.fallback));
        break;
      case "strong":
        out.push(element("STRONG", {}, convert(n.children)));
        break;
      case "em":
        out.push(element("EM", {}, convert(n.children)));
        break;
      case "link":
        out.push(element("A", { href: n.url }, convert(n.children)));
        break;
    }
  }
  return out;
}

/** Editor nodes as HTML (server rendering and tests; the browser uses buildDom). */
export function nodesToHtml(nodes: EditorNode[]): string {
  return nodes
    .map((n) => {
      if (n.nodeType === 3) return escapeHtml(n.nodeValue);
      const tag = n.nodeName.toLowerCase();
      const attrs = Object.entries(n.attrs)
        .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
        .join("");
      return tag === "br" ? "<br>" : `<${tag}${attrs}>${nodesToHtml(n.childNodes)}</${tag}>`;
    })
    .join("");
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

// ---- DOM → markup -------------------------------------------------------------------------------------------------

type Format = { bold: boolean; italic: boolean; href: string | null };
type Run = Format & ({ text: string } | { merge: { key: string; fallback: string | null } });

const BLOCKS = new Set(["DIV", "P", "LI", "H1", "H2", "H3", "H4", "H5", "H6", "BLOCKQUOTE", "PRE"]);

/** The editor's DOM (its root element) → markup. Unknown elements keep their text; unsafe links keep their label. */
export function domToMarkup(root: DomLike, options: { singleLine?: boolean } = {}): string {
  const runs: Run[] = [];
  let pendingBreak = false;
  const push = (run: Run) => {
    if (pendingBreak && runs.length > 0) runs.push({ bold: false, italic: false, href: null, text: "\n" });
    pendingBreak = false;
    runs.push(run);
  };
  const walk = (node: DomLike, format: Format) => {
    if (node.nodeType === 3) {
      const value = (node.nodeValue ?? "").replaceAll(SEPARATOR, "").replaceAll("\u00a0", " ");
      if (value) push({ ...format, text: value });
      return;
    }
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toUpperCase();
    if (name === "BR") return push({ ...format, text: "\n" });
    const merge = node.getAttribute?.("data-merge");
    if (merge)
      return push({ ...format, merge: { key: merge, fallback: node.getAttribute?.("data-fallback") ?? null } });
    const next = { ...format };
    const weight = node.style?.fontWeight ?? "";
    if (name === "STRONG" || name === "B" || weight === "bold" || Number(weight) >= 600) next.bold = true;
    if (name === "EM" || name === "I" || node.style?.fontStyle === "italic") next.italic = true;
    if (name === "A") {
      // The markup's link ends at the first ")": encoded, the URL means the same.
      const href = (node.getAttribute?.("href")?.trim() ?? "").replaceAll(")", "%29");
      // Links cannot nest in the markup; an inner one keeps the outer URL.
      if (isSafeLinkUrl(href) && !format.href) next.href = href;
    }
    const block = BLOCKS.has(name);
    if (block && runs.length > 0) pendingBreak = true;
    const children = Array.from(node.childNodes);
    // A block's last <br> only holds the line open in the browser ("<div><br></div>" is one empty line).
    const shown = block && children.at(-1)?.nodeName.toUpperCase() === "BR" ? children.slice(0, -1) : children;
    const before = runs.length;
    for (const child of shown) walk(child, next);
    if (block) pendingBreak = true;
    // An empty block is still a line of its own.
    if (block && runs.length === before && before > 0 && children.length > 0) push({ ...format, text: "" });
  };
  for (const child of Array.from(root.childNodes)) walk(child, { bold: false, italic: false, href: null });

  // The browser's placeholder <br> at the very end is not a line of text.
  const last = runs.at(-1);
  if (last && "text" in last && last.text.endsWith("\n")) last.text = last.text.slice(0, -1);
  const markup = writeRuns(runs);
  return options.singleLine ? markup.replace(/\n+/g, " ") : markup;
}

/** Runs → markup, opening and closing markers as a stack so every closer matches the innermost opener. */
export function writeRuns(runs: Run[]): string {
  type Marker = "bold" | "italic" | "link";
  const stack: { marker: Marker; href?: string }[] = [];
  let out = "";
  let lastStar = ""; // the star marker just written, when nothing has been written after it
  const emit = (s: string, star = "") => {
    if (star && lastStar === "*") out += SEPARATOR;
    out += s;
    lastStar = star;
  };
  const close = () => {
    const m = stack.pop()!;
    if (m.marker === "bold") emit("**", "**");
    else if (m.marker === "italic") emit("*", "*");
    else emit(`](${m.href})`);
  };
  const wants = (run: Format, m: { marker: Marker; href?: string }) =>
    m.marker === "bold" ? run.bold : m.marker === "italic" ? run.italic : run.href === m.href;

  runs.forEach((run, i) => {
    const value = "text" in run ? escapeText(run.text, runs[i + 1]) : mergeTagText(run.merge.key, run.merge.fallback);
    if (value === "") return;
    // Close down to the deepest marker this run no longer wants (markers above it close and may reopen).
    const keep = stack.findIndex((m) => !wants(run, m));
    if (keep !== -1) while (stack.length > keep) close();
    const open = (marker: Marker, href?: string) => {
      stack.push({ marker, href });
      if (marker === "bold") emit("**", "**");
      else if (marker === "italic") emit("*", "*");
      else emit("[");
    };
    if (run.href && !stack.some((m) => m.marker === "link")) open("link", run.href);
    if (run.bold && !stack.some((m) => m.marker === "bold")) open("bold");
    if (run.italic && !stack.some((m) => m.marker === "italic")) open("italic");
    emit(value);
  });
  while (stack.length > 0) close();
  return out;
}

/** Plain text with the characters the parser would read as markup escaped. */
function escapeText(value: string, next: Run | undefined): string {
  let s = value.replace(/[\\*[\]]/g, (c) => `\\${c}`);
  // "{" just before a merge tag would make "{{{key}}", which is not a tag.
  if (s.endsWith("{") && next && "merge" in next) s = `${s.slice(0, -1)}\\{`;
  return s;
}
