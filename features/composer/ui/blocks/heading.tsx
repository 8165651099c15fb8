"use client";
import type { HeadingBlock } from "@/lib/schemas/blocks";
import { themeTokens } from "@/lib/email-content/themes";
import { BlockText } from "./editable-text";
import { BlockAlign, BlockTextArea, Segmented, SettingsStack } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";

// The renderer's sizes (emails/blocks/heading.tsx), so the canvas matches the email.
const SIZES = { 1: 28, 2: 22, 3: 18 } as const;

function HeadingCanvas(props: BlockCanvasProps<HeadingBlock>) {
  const t = themeTokens(props.theme);
  return (
    <div style={{ padding: "4px 0" }}>
      <BlockText
        {...props}
        singleLine
        ariaLabel={`Heading ${props.block.level} text`}
        placeholder="Heading"
        style={{
          color: t.heading,
          fontFamily: t.fontFamily,
          fontSize: SIZES[props.block.level],
          lineHeight: 1.3,
          fontWeight: 700,
          textAlign: props.block.align,
        }}
      />
    </div>
  );
}

function HeadingSettings({ block, onChange, errors }: BlockSettingsProps<HeadingBlock>) {
  return (
    <SettingsStack errors={errors}>
      <BlockTextArea
        block={block}
        onChange={onChange}
        errors={errors}
        label="Text"
        rows={2}
        maxLength={1000}
        singleLine
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
      <BlockAlign block={block} onChange={onChange} errors={errors} />
    </SettingsStack>
  );
}

export const headingBlock = defineBlock<HeadingBlock>({
  type: "heading",
  label: "Heading",
  description: "A title or section heading.",
  icon: "M6 4v16M18 4v16M6 12h12",
  content: () => ({ text: "Your heading", level: 1, align: "left" }),
  Canvas: HeadingCanvas,
  Settings: HeadingSettings,
});
