"use client";
import type { QuoteBlock } from "@/lib/schemas/blocks";
import { themeTokens } from "@/lib/email-content/themes";
import { TextField } from "@/components/ui/text-field";
import { BlockText } from "./editable-text";
import { BlockTextArea, SettingsStack } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";

function QuoteCanvas(props: BlockCanvasProps<QuoteBlock>) {
  const { block } = props;
  const t = themeTokens(props.theme);
  return (
    <blockquote style={{ borderLeft: `4px solid ${t.quoteBorder}`, padding: "4px 0 4px 16px", margin: "4px 0" }}>
      <BlockText
        {...props}
        ariaLabel="Quote text"
        placeholder="A quote worth sharing"
        style={{ color: t.text, fontFamily: t.fontFamily, fontSize: 18, fontStyle: "italic", lineHeight: 1.5 }}
      />
      {block.cite ? (
        <p style={{ color: t.muted, fontFamily: t.fontFamily, fontSize: 14, margin: "8px 0 0" }}>— {block.cite}</p>
      ) : null}
    </blockquote>
  );
}

function QuoteSettings({ block, onChange, errors }: BlockSettingsProps<QuoteBlock>) {
  return (
    <SettingsStack errors={errors}>
      <BlockTextArea block={block} onChange={onChange} errors={errors} label="Quote" rows={4} maxLength={5000} />
      <TextField
        label="Who said it"
        value={block.cite ?? ""}
        maxLength={200}
        placeholder="Optional"
        onChange={(e) => onChange({ ...block, cite: e.target.value === "" ? undefined : e.target.value })}
        error={errors["#/cite"]}
      />
    </SettingsStack>
  );
}

export const quoteBlock = defineBlock<QuoteBlock>({
  type: "quote",
  label: "Quote",
  description: "A pull quote or testimonial, with who said it.",
  icon: "M7 7h4v4c0 3-2 5-4 6M14 7h4v4c0 3-2 5-4 6",
  content: () => ({
    text: "This newsletter is the one email I always open.",
    cite: "A happy reader",
  }),
  Canvas: QuoteCanvas,
  Settings: QuoteSettings,
});
