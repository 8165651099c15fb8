import { Section, Text } from "@react-email/components";
import type { QuoteBlock } from "@/lib/schemas/blocks";
import { Inline } from "./inline";
import type { BlockProps } from "./types";

export function QuoteBlockView({ block, theme, slots }: BlockProps<QuoteBlock>) {
  return (
    <Section style={{ borderLeft: `4px solid ${theme.quoteBorder}`, padding: "4px 0 4px 16px", margin: "0 0 16px" }}>
      <blockquote style={{ margin: 0 }}>
        <Text style={{ color: theme.text, fontSize: 18, fontStyle: "italic", lineHeight: 1.5, margin: 0 }}>
          <Inline source={block.text} slots={slots} linkStyle={{ color: theme.link }} />
        </Text>
        {block.cite ? (
          <Text
            style={{ color: theme.muted, fontSize: 14, margin: "8px 0 0" }}
          >{`— ${slots.mergeTags(block.cite)}`}</Text>
        ) : null}
      </blockquote>
    </Section>
  );
}
