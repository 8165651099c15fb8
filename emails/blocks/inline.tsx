// Inline markup as React nodes. Merge tags and link hrefs become slots, filled per recipient by personalize().
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { Link } from "@react-email/components";
import { type InlineNode, parseInline } from "../inline-markup";
import type { SlotRecorder } from "../template";

type InlineProps = {
  source: string;
  slots: SlotRecorder;
  /** null: render links as their label only (inside a button, whose own anchor cannot hold another). */
  linkStyle: CSSProperties | null;
};

export function Inline({ source, slots, linkStyle }: InlineProps) {
  return <>{renderNodes(parseInline(source).nodes, slots, linkStyle)}</>;
}

function renderNodes(nodes: InlineNode[], slots: SlotRecorder, linkStyle: CSSProperties | null): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case "text":
        return <Fragment key={i}>{node.text}</Fragment>;
      case "break":
        return <br key={i} />;
      case "merge":
        return <Fragment key={i}>{slots.merge(node.key, node.fallback)}</Fragment>;
      case "strong":
        return <strong key={i}>{renderNodes(node.children, slots, linkStyle)}</strong>;
      case "em":
        return <em key={i}>{renderNodes(node.children, slots, linkStyle)}</em>;
      case "link":
        if (!linkStyle) return <Fragment key={i}>{renderNodes(node.children, slots, linkStyle)}</Fragment>;
        return (
          <Link key={i} href={slots.link(node.url)} style={linkStyle}>
            {renderNodes(node.children, slots, linkStyle)}
          </Link>
        );
    }
  });
}
