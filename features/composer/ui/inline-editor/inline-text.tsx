// Markdown-lite drawn as the email shows it, for blocks that are not being edited. Links are not followed (a click
// on the canvas selects the block) and merge tags show as the same chips the editor uses.
import type { CSSProperties, ReactNode } from "react";
import { type InlineNode, parseInline } from "@/lib/email-content/inline-markup";
import { mergeTagText } from "./markup";

type InlineTextProps = { source: string; linkStyle?: CSSProperties; placeholder?: string };

export function InlineText({ source, linkStyle, placeholder }: InlineTextProps) {
  const nodes = parseInline(source).nodes;
  // Italic rather than faded: faded text would fail the contrast check on the canvas's own colours.
  if (nodes.length === 0 && placeholder) return <span className="italic">{placeholder}</span>;
  return <>{renderNodes(nodes, linkStyle)}</>;
}

function renderNodes(nodes: InlineNode[], linkStyle: CSSProperties | undefined): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case "text":
        return node.text.replaceAll("\u200b", "");
      case "break":
        return <br key={i} />;
      case "merge":
        return (
          <span key={i} className="rounded bg-indigo-500/15 px-1 font-mono text-[0.85em]">
            {mergeTagText(node.key, node.fallback)}
          </span>
        );
      case "strong":
        return <strong key={i}>{renderNodes(node.children, linkStyle)}</strong>;
      case "em":
        return <em key={i}>{renderNodes(node.children, linkStyle)}</em>;
      case "link":
        return (
          <span key={i} className="underline" style={linkStyle} title={node.url}>
            {renderNodes(node.children, linkStyle)}
          </span>
        );
    }
  });
}
