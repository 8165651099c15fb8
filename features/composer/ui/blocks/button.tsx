"use client";
import type { ButtonBlock } from "@/lib/schemas/blocks";
import { newBlockId } from "@/lib/composer/draft";
import { themeTokens } from "@/lib/email-content/themes";
import { TextField } from "@/components/ui/text-field";
import { EditableText } from "./editable-text";
import { AlignControl, blockFieldId, ColourField, SettingsStack } from "./fields";
import type { BlockCanvasProps, BlockModule, BlockSettingsProps } from "./types";

function ButtonCanvas({ block, onChange, selected, theme, mergeTags }: BlockCanvasProps<ButtonBlock>) {
  const t = themeTokens(theme);
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
        <EditableText
          value={block.text}
          onChange={(text) => onChange({ ...block, text })}
          selected={selected}
          singleLine
          ariaLabel="Button label"
          placeholder="Button label"
          linkColor={null}
          mergeTags={mergeTags}
        />
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
      <TextField
        id={block.id ? blockFieldId(block.id, "href") : undefined}
        label="Link"
        type="url"
        inputMode="url"
        value={block.href}
        placeholder="https://example.com/page"
        spellCheck={false}
        onChange={(e) => onChange({ ...block, href: e.target.value.trim() })}
        hint="Where the button leads: an http(s) URL or a mailto: address (merge tags allowed, e.g. ?ref={{email}}). Needed before sending."
        error={errors["#/href"]}
      />
      <AlignControl value={block.align} onChange={(align) => onChange({ ...block, align })} error={errors["#/align"]} />
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

export const buttonBlock: BlockModule<ButtonBlock> = {
  type: "button",
  label: "Button",
  description: "A call-to-action button linking to a page.",
  icon: (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <rect x="3" y="7" width="18" height="10" rx="3" />
      <path d="M8 12h8" />
    </svg>
  ),
  create: () => ({
    type: "button",
    id: newBlockId(),
    text: "Click here",
    // No made-up address: a button leads where the marketer says, and the send checklist asks until it does.
    href: "",
    align: "center",
  }),
  Canvas: ButtonCanvas,
  Settings: ButtonSettings,
};
