"use client";
import type { ColumnsBlock } from "@/lib/schemas/blocks";
import { newBlockId } from "@/lib/composer/draft";
import { Segmented, SettingsStack } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockSettingsProps } from "./types";

/**
 * The block with `count` columns. New columns start empty; removed columns hand their blocks to the last column
 * kept, in order, so reducing never loses content.
 */
export function setColumnCount(block: ColumnsBlock, count: 2 | 3): ColumnsBlock {
  const columns = block.columns.map((c) => ({ blocks: [...c.blocks] }));
  while (columns.length < count) columns.push({ blocks: [] });
  while (columns.length > count) {
    const removed = columns.pop()!;
    columns[columns.length - 1]!.blocks.push(...removed.blocks);
  }
  return { ...block, columns };
}

// The canvas draws columns itself (nested drag and drop): this module's Canvas is never shown.
function ColumnsCanvas() {
  return null;
}

function ColumnsSettings({ block, onChange, errors }: BlockSettingsProps<ColumnsBlock>) {
  const count = block.columns.length === 3 ? 3 : 2;
  const blocks = block.columns.reduce((n, c) => n + c.blocks.length, 0);
  return (
    <SettingsStack errors={errors}>
      <Segmented
        label="Columns"
        value={count}
        choices={[
          { value: 2, label: "2 columns" },
          { value: 3, label: "3 columns" },
        ]}
        onChange={(n) => onChange(setColumnCount(block, n))}
        error={errors["#/columns"]}
      />
      <p className="text-[13px] leading-relaxed text-slate-500">
        {blocks} {blocks === 1 ? "block" : "blocks"} inside. Going from 3 to 2 columns moves the third column&apos;s
        blocks to the end of the second. Most mail apps stack columns on narrow screens.
      </p>
      {block.columns.map((_, i) =>
        errors[`#/columns/${i}/blocks`] ? (
          <p key={i} className="text-[13px] text-red-600">
            Column {i + 1}: {errors[`#/columns/${i}/blocks`]}
          </p>
        ) : null,
      )}
    </SettingsStack>
  );
}

export const columnsBlock = defineBlock<ColumnsBlock>({
  type: "columns",
  label: "Columns",
  description: "Two or three blocks side by side.",
  icon: "M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2ZM12 4v16",
  content: () => ({
    columns: [
      { blocks: [{ type: "text", id: newBlockId(), text: "Left column", align: "left" }] },
      { blocks: [{ type: "text", id: newBlockId(), text: "Right column", align: "left" }] },
    ],
  }),
  Canvas: ColumnsCanvas,
  Settings: ColumnsSettings,
});
