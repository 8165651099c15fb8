import { Heading } from "@react-email/components";
import type { HeadingBlock } from "@/lib/schemas/blocks";
import { Inline } from "./inline";
import type { BlockProps } from "./types";

const SIZES = { 1: 28, 2: 22, 3: 18 } as const;

export function HeadingBlockView({ block, theme, slots }: BlockProps<HeadingBlock>) {
  const style = {
    color: theme.heading,
    fontSize: SIZES[block.level],
    lineHeight: 1.3,
    fontWeight: 700,
    textAlign: block.align,
    margin: "0 0 16px",
  } as const;
  const children = <Inline source={block.text} slots={slots} linkStyle={{ color: theme.link }} />;
  if (block.level === 1) return <Heading style={style}>{children}</Heading>;
  return (
    <Heading as={block.level === 2 ? "h2" : "h3"} style={style}>
      {children}
    </Heading>
  );
}
