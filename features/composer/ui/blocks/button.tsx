"use client";
import type { ButtonBlock } from "@/lib/schemas/blocks";
import { themeTokens } from "@/lib/email-content/themes";
import { TextField } from "@/components/ui/text-field";
import { BlockText } from "./editable-text";
import { BlockAlign, blockFieldId, ColourField, SettingsStack, UrlField } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";

function ButtonCanvas(props: BlockCanvasProps<ButtonBlock>) {
  const { block } = props;
  const t = themeTokens(props.theme);
  return (
    <div style={{ textAlign: block.align, padding: "8px 0 16px" }}>
      <div
        data-canvas-box
        title={block.href || "No link yet"}
        style={{
          display: "inline-block",
          backgroundColor: block.backgroundColor ?? t.accent,
          color: block.textColor ?? t.accentText,
          borderRadius: 6,
          padding: "12px 24px",
          fontFamily: t.fontFamily,
          fontSize: 16,
          fontWeight: 600,
          minWidth: 80,
          textAlign: "center",
        }}
      >
        <BlockText {...props} singleLine ariaLabel="Button label" placeholder="Button label" linkColor={null} />
      </div>
    </div>
  );
}

function ButtonSettings({ block, onChange, errors, theme }: BlockSettingsProps<ButtonBlock>) {
  const t = themeTokens(theme);
  return (
    <SettingsStack errors={errors}>
      <TextField
        label="Label"
        value={block.text}
        maxLength={200}
        onChange={(e) => onChange({ ...block, text: e.target.value })}
        hint="Merge tags work here, e.g. {{firstName}}."
        error={errors["#/text"]}
      />
      <UrlField
        id={block.id ? blockFieldId(block.id, "href") : undefined}
        label="Link"
        value={block.href}
        placeholder="https://example.com/page"
        onValueChange={(href) => onChange({ ...block, href })}
        hint="Where the button leads: an http(s) URL or a mailto: address (merge tags allowed, e.g. ?ref={{email}}). Needed before sending."
        error={errors["#/href"]}
      />
      <BlockAlign block={block} onChange={onChange} errors={errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <ColourField
          label="Button colour"
          value={block.backgroundColor}
          themeValue={t.accent}
          onChange={(backgroundColor) => onChange({ ...block, backgroundColor })}
          error={errors["#/backgroundColor"]}
        />
        <ColourField
          label="Text colour"
          value={block.textColor}
          themeValue={t.accentText}
          onChange={(textColor) => onChange({ ...block, textColor })}
          error={errors["#/textColor"]}
        />
      </div>
    </SettingsStack>
  );
}

export const buttonBlock = defineBlock<ButtonBlock>({
  type: "button",
  label: "Button",
  description: "A call-to-action button linking to a page.",
  icon: "M6 7h12a3 3 0 0 1 3 3v4a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3v-4a3 3 0 0 1 3-3ZM8 12h8",
  content: () => ({
    text: "Click here",
    // No made-up address: a button leads where the marketer says, and the send checklist asks until it does.
    href: "",
    align: "center",
  }),
  Canvas: ButtonCanvas,
  Settings: ButtonSettings,
});
