import { Text } from "@react-email/components";
import type { TextBlock } from "@/lib/schemas/blocks";
import { Inline } from "./inline";
import type { BlockProps } from "./types";

export function TextBlockView({ block, theme, slots }: BlockProps<TextBlock>) {
  return (
    <Text style={{ color: theme.text, fontSize: 16, lineHeight: 1.6, textAlign: block.align, margin: "0 0 16px" }}>
      <Inline source={block.text} slots={slots} linkStyle={{ color: theme.link, textDecoration: "underline" }} />
    </Text>
  );
}
