"use client";
import type { HeadingBlock } from "@/lib/schemas/blocks";
import { newBlockId } from "@/lib/composer/draft";
import { themeTokens } from "@/lib/email-content/themes";
import { EditableText } from "./editable-text";
import { AlignControl, INLINE_HINT, Segmented, SettingsStack, TextArea } from "./fields";
import type { BlockCanvasProps, BlockModule, BlockSettingsProps } from "./types";

// The renderer's sizes (emails/blocks/heading.tsx), so the canvas matches the email.
const SIZES = { 1: 28, 2: 22, 3: 18 } as const;

function HeadingCanvas({ block, onChange, selected, theme, mergeTags }: BlockCanvasProps<HeadingBlock>) {
  const t = themeTokens(theme);
  return (
    <div style={{ padding: "4px 0" }}>
      <EditableText
        value={block.text}
        onChange={(text) => onChange({ ...block, text })}
        selected={selected}
        singleLine
        ariaLabel={`Heading ${block.level} text`}
        placeholder="Heading"
        linkColor={t.link}
        mergeTags={mergeTags}
        style={{
          color: t.heading,
          fontFamily: t.fontFamily,
          fontSize: SIZES[block.level],
          lineHeight: 1.3,
          fontWeight: 700,
          textAlign: block.align,
        }}
      />
    </div>
  );
}

function HeadingSettings({ block, onChange, errors }: BlockSettingsProps<HeadingBlock>) {
  return (
    <SettingsStack errors={errors}>
      <TextArea
        label="Text"
        rows={2}
        value={block.text}
        maxLength={1000}
        onChange={(e) => onChange({ ...block, text: e.target.value.replace(/\r?\n/g, " ") })}
        hint={INLINE_HINT}
        error={errors["#/text"]}
      />
      <Segmented
        label="Level"
        value={block.level}
        choices={[
          { value: 1, label: "H1" },
          { value: 2, label: "H2" },
          { value: 3, label: "H3" },
        ]}
        onChange={(level) => onChange({ ...block, level })}
        error={errors["#/level"]}
      />
      <AlignControl value={block.align} onChange={(align) => onChange({ ...block, align })} error={errors["#/align"]} />
    </SettingsStack>
  );
}

export const headingBlock: BlockModule<HeadingBlock> = {
  type: "heading",
  label: "Heading",
  description: "A title or section heading.",
  icon: (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <path d="M6 4v16M18 4v16M6 12h12" />
    </svg>
  ),
  create: () => ({ type: "heading", id: newBlockId(), text: "Your heading", level: 1, align: "left" }),
  Canvas: HeadingCanvas,
  Settings: HeadingSettings,
};
