import { Section } from "@react-email/components";
import type { SpacerBlock } from "@/lib/schemas/blocks";
import type { BlockProps } from "./types";

export function SpacerBlockView({ block }: BlockProps<SpacerBlock>) {
  // A fixed-height cell with a non-breaking space: empty cells collapse in Outlook.
  return <Section style={{ height: block.height, lineHeight: `${block.height}px`, fontSize: 1 }}>{"\u00a0"}</Section>;
}
