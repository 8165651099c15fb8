// Inline markup as React nodes. Merge tags and link hrefs become slots, filled per recipient by personalize().
import type { CSSProperties, ReactNode } from "react";
import { Link } from "@react-email/components";
import { type InlineNode, parseInline } from "@/lib/email-content/inline-markup";
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
  // Adjacent text and merge slots are joined into one string: React would otherwise separate them with <!-- -->.
  const out: ReactNode[] = [];
  const push = (node: ReactNode) => {
    const last = out.length - 1;
    if (typeof node === "string" && typeof out[last] === "string") out[last] += node;
    else out.push(node);
  };
  nodes.forEach((node, i) => {
    switch (node.kind) {
      case "text":
        return push(node.text);
      case "merge":
        return push(slots.merge(node.key, node.fallback));
      case "break":
        return push(<br key={i} />);
      case "strong":
        return push(<strong key={i}>{renderNodes(node.children, slots, linkStyle)}</strong>);
      case "em":
        return push(<em key={i}>{renderNodes(node.children, slots, linkStyle)}</em>);
      case "link":
        if (!linkStyle) return renderNodes(node.children, slots, linkStyle).forEach(push);
        return push(
          <Link key={i} href={slots.link(node.url)} style={linkStyle}>
            {renderNodes(node.children, slots, linkStyle)}
          </Link>,
        );
    }
  });
  return out;
}
