import { Img, Link, Section } from "@react-email/components";
import type { ImageBlock } from "@/lib/schemas/blocks";
import type { BlockProps } from "./types";

export function ImageBlockView({ block, slots }: BlockProps<ImageBlock>) {
  // Margins, not text-align, place a block image: `auto` sides centre it in every client that honours width.
  const margin = block.align === "center" ? "0 auto" : block.align === "right" ? "0 0 0 auto" : "0";
  const img = (
    <Img
      src={block.src}
      alt={slots.mergeTags(block.alt)}
      width={block.width}
      style={{ display: "block", margin, maxWidth: "100%", width: block.width ?? "100%", height: "auto", border: 0 }}
    />
  );
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {block.href ? <Link href={slots.link(block.href)}>{img}</Link> : img}
    </Section>
  );
}
