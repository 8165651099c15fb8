// The one block renderer: the broadcast layout, the dashboard preview and test sends all go through it.
import type { Block } from "@/lib/schemas/blocks";
import { ColumnsBlockView } from "./blocks/columns";
import { LeafBlockView } from "./blocks/leaf";
import type { SlotRecorder } from "./template";
import type { ThemeTokens } from "@/lib/email-content/themes";

type RenderBlocksProps = { blocks: Block[]; theme: ThemeTokens; slots: SlotRecorder };

export function RenderBlocks({ blocks, theme, slots }: RenderBlocksProps) {
  return (
    <>
      {blocks.map((block, i) =>
        block.type === "columns" ? (
          <ColumnsBlockView key={block.id ?? i} block={block} theme={theme} slots={slots} />
        ) : (
          <LeafBlockView key={block.id ?? i} block={block} theme={theme} slots={slots} />
        ),
      )}
    </>
  );
}
