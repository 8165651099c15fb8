import { Button, Section } from "@react-email/components";
import type { ButtonBlock } from "@/lib/schemas/blocks";
import { Inline } from "./inline";
import type { BlockProps } from "./types";

export function ButtonBlockView({ block, theme, slots }: BlockProps<ButtonBlock>) {
  const color = block.textColor ?? theme.accentText;
  return (
    <Section style={{ textAlign: block.align, margin: "8px 0 24px" }}>
      <Button
        // Only a draft's preview meets a button without a link (the send refuses it): no link is recorded for it.
        href={block.href ? slots.link(block.href) : undefined}
        style={{
          backgroundColor: block.backgroundColor ?? theme.accent,
          color,
          borderRadius: 6,
          padding: "12px 24px",
          fontSize: 16,
          fontWeight: 600,
          textDecoration: "none",
          display: "inline-block",
        }}
      >
        <Inline source={block.text} slots={slots} linkStyle={null} />
      </Button>
    </Section>
  );
}
