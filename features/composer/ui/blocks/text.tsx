"use client";
import type { TextBlock } from "@/lib/schemas/blocks";
import { MAX_TEXT } from "@/lib/schemas/block-constants";
import { themeTokens } from "@/lib/email-content/themes";
import { BlockText } from "./editable-text";
import { BlockAlign, BlockTextArea, SettingsStack } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";

function TextCanvas(props: BlockCanvasProps<TextBlock>) {
  const t = themeTokens(props.theme);
  return (
    <div style={{ padding: "4px 0" }}>
      <BlockText
        {...props}
        ariaLabel="Paragraph text"
        placeholder="Write something…"
        style={{ color: t.text, fontFamily: t.fontFamily, fontSize: 16, lineHeight: 1.6, textAlign: props.block.align }}
      />
    </div>
  );
}

function TextSettings({ block, onChange, errors }: BlockSettingsProps<TextBlock>) {
  return (
    <SettingsStack errors={errors}>
      <BlockTextArea block={block} onChange={onChange} errors={errors} label="Text" rows={6} maxLength={MAX_TEXT} />
      <BlockAlign block={block} onChange={onChange} errors={errors} />
    </SettingsStack>
  );
}

export const textBlock = defineBlock<TextBlock>({
  type: "text",
  label: "Text",
  description: "A paragraph with bold, italic, links and merge tags.",
  icon: "M4 6h16M4 10h16M4 14h16M4 18h10",
  content: () => ({ text: "Write something…", align: "left" }),
  Canvas: TextCanvas,
  Settings: TextSettings,
});
