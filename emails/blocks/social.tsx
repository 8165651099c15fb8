import { Fragment } from "react";
import { Link, Text } from "@react-email/components";
import { SOCIAL_LABELS, type SocialBlock } from "@/lib/schemas/blocks";
import type { BlockProps } from "./types";

export function SocialBlockView({ block, theme, slots }: BlockProps<SocialBlock>) {
  return (
    <Text style={{ textAlign: block.align, fontSize: 14, color: theme.muted, margin: "0 0 16px" }}>
      {block.links.map((link, i) => (
        <Fragment key={i}>
          {i > 0 ? "  ·  " : null}
          <Link href={slots.link(link.url)} style={{ color: theme.link, fontWeight: 600, textDecoration: "none" }}>
            {SOCIAL_LABELS[link.network]}
          </Link>
        </Fragment>
      ))}
    </Text>
  );
}
