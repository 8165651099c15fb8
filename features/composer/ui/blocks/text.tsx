"use client";
import type { TextBlock } from "@/lib/schemas/blocks";
import { MAX_TEXT } from "@/lib/schemas/block-constants";
import { newBlockId } from "@/lib/composer/draft";
import { themeTokens } from "@/lib/email-content/themes";
import { EditableText } from "./editable-text";
import { AlignControl, INLINE_HINT, SettingsStack, TextArea } from "./fields";
import type { BlockCanvasProps, BlockModule, BlockSettingsProps } from "./types";

function TextCanvas({ block, onChange, selected, theme, mergeTags }: BlockCanvasProps<TextBlock>) {
  const t = themeTokens(theme);
  return (
    <div style={{ padding: "4px 0" }}>
      <EditableText
        value={block.text}
        onChange={(text) => onChange({ ...block, text })}
        selected={selected}
        ariaLabel="Paragraph text"
        placeholder="Write something…"
        linkColor={t.link}
        mergeTags={mergeTags}
        style={{ color: t.text, fontFamily: t.fontFamily, fontSize: 16, lineHeight: 1.6, textAlign: block.align }}
      />
    </div>
  );
}

function TextSettings({ block, onChange, errors }: BlockSettingsProps<TextBlock>) {
  return (
    <SettingsStack errors={errors}>
      <TextArea
        label="Text"
        rows={6}
        value={block.text}
        maxLength={MAX_TEXT}
        onChange={(e) => onChange({ ...block, text: e.target.value })}
        hint={INLINE_HINT}
        error={errors["#/text"]}
      />
      <AlignControl value={block.align} onChange={(align) => onChange({ ...block, align })} error={errors["#/align"]} />
    </SettingsStack>
  );
}

export const textBlock: BlockModule<TextBlock> = {
  type: "text",
  label: "Text",
  description: "A paragraph with bold, italic, links and merge tags.",
  icon: (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <path d="M4 6h16M4 10h16M4 14h16M4 18h10" />
    </svg>
  ),
  create: () => ({ type: "text", id: newBlockId(), text: "Write something…", align: "left" }),
  Canvas: TextCanvas,
  Settings: TextSettings,
};
