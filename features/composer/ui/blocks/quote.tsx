"use client";
import type { QuoteBlock } from "@/lib/schemas/blocks";
import { newBlockId } from "@/lib/composer/draft";
import { themeTokens } from "@/lib/email-content/themes";
import { TextField } from "@/components/ui/text-field";
import { EditableText } from "./editable-text";
import { INLINE_HINT, SettingsStack, TextArea } from "./fields";
import type { BlockCanvasProps, BlockModule, BlockSettingsProps } from "./types";

function QuoteCanvas({ block, onChange, selected, theme, mergeTags }: BlockCanvasProps<QuoteBlock>) {
  const t = themeTokens(theme);
  return (
    <blockquote style={{ borderLeft: `4px solid ${t.quoteBorder}`, padding: "4px 0 4px 16px", margin: "4px 0" }}>
      <EditableText
        value={block.text}
        onChange={(text) => onChange({ ...block, text })}
        selected={selected}
        ariaLabel="Quote text"
        placeholder="A quote worth sharing"
        linkColor={t.link}
        mergeTags={mergeTags}
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
      <TextArea
        label="Quote"
        rows={4}
        value={block.text}
        maxLength={5000}
        onChange={(e) => onChange({ ...block, text: e.target.value })}
        hint={INLINE_HINT}
        error={errors["#/text"]}
      />
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

export const quoteBlock: BlockModule<QuoteBlock> = {
  type: "quote",
  label: "Quote",
  description: "A pull quote or testimonial, with who said it.",
  icon: (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <path d="M7 7h4v4c0 3-2 5-4 6M14 7h4v4c0 3-2 5-4 6" />
    </svg>
  ),
  create: () => ({
    type: "quote",
    id: newBlockId(),
    text: "This newsletter is the one email I always open.",
    cite: "A happy reader",
  }),
  Canvas: QuoteCanvas,
  Settings: QuoteSettings,
};
