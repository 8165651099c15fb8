import { Fragment } from "react";
import { Link, Text } from "@react-email/components";
import type { SocialBlock } from "@/lib/schemas/blocks";
import type { BlockProps } from "./types";

// Text links, not icons: icons would have to be hosted somewhere public, and a self-hosted instance may not be.
const LABELS: Record<SocialBlock["links"][number]["network"], string> = {
  website: "Website",
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  tiktok: "TikTok",
  mastodon: "Mastodon",
  bluesky: "Bluesky",
  github: "GitHub",
  threads: "Threads",
  email: "Email",
};

export function SocialBlockView({ block, theme, slots }: BlockProps<SocialBlock>) {
  return (
    <Text style={{ textAlign: block.align, fontSize: 14, color: theme.muted, margin: "0 0 16px" }}>
      {block.links.map((link, i) => (
        <Fragment key={i}>
          {i > 0 ? "  ·  " : null}
          <Link href={slots.link(link.url)} style={{ color: theme.link, fontWeight: 600, textDecoration: "none" }}>
            {LABELS[link.network]}
          </Link>
        </Fragment>
      ))}
    </Text>
  );
}
