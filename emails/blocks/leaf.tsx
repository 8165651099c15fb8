import type { LeafBlock } from "@/lib/schemas/blocks";
import { ButtonBlockView } from "./button";
import { DividerBlockView } from "./divider";
import { HeadingBlockView } from "./heading";
import { HtmlBlockView } from "./html";
import { ImageBlockView } from "./image";
import { QuoteBlockView } from "./quote";
import { SocialBlockView } from "./social";
import { SpacerBlockView } from "./spacer";
import { TextBlockView } from "./text";
import type { BlockProps } from "./types";

/** Every block that may stand inside a column. */
export function LeafBlockView({ block, ...rest }: BlockProps<LeafBlock>) {
  switch (block.type) {
    case "heading":
      return block.text.trim() ? <HeadingBlockView block={block} {...rest} /> : null;
    case "text":
      return block.text.trim() ? <TextBlockView block={block} {...rest} /> : null;
    case "image":
      return <ImageBlockView block={block} {...rest} />;
    case "button":
      return <ButtonBlockView block={block} {...rest} />;
    case "divider":
      return <DividerBlockView block={block} {...rest} />;
    case "spacer":
      return <SpacerBlockView block={block} {...rest} />;
    case "social":
      return <SocialBlockView block={block} {...rest} />;
    case "quote":
      return block.text.trim() ? <QuoteBlockView block={block} {...rest} /> : null;
    case "html":
      return <HtmlBlockView block={block} {...rest} />;
  }
}
