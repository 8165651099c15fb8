"use client";
// Text on the canvas: formatted like the email while the block is not selected, edited in place once it is.
import type { CSSProperties } from "react";
import { themeTokens } from "@/lib/email-content/themes";
import { InlineEditor, InlineText, rememberCaretPoint, type MergeTagOption } from "../inline-editor";
import type { BlockCanvasProps } from "./types";

type EditableTextProps = {
  value: string;
  onChange(value: string): void;
  selected: boolean;
  ariaLabel: string;
  placeholder: string;
  singleLine?: boolean;
  style?: CSSProperties;
  /** Colour of links in the text; null draws them like the surrounding text (a button's label). */
  linkColor: string | null;
  mergeTags?: MergeTagOption[];
};

export function EditableText(props: EditableTextProps) {
  const style = { ...props.style, "--link": props.linkColor ?? "inherit" } as CSSProperties;
  if (props.selected) {
    return (
      <InlineEditor
        value={props.value}
        onChange={props.onChange}
        ariaLabel={props.ariaLabel}
        placeholder={props.placeholder}
        singleLine={props.singleLine}
        mergeTags={props.mergeTags}
        style={style}
        className="[&_a]:text-(--link)"
      />
    );
  }
  return (
    <div style={style} onPointerDown={(e) => rememberCaretPoint(e.clientX, e.clientY)}>
      <InlineText source={props.value} linkStyle={{ color: "var(--link)" }} placeholder={props.placeholder} />
    </div>
  );
}

type TextBlockLike = { text: string };

/**
 * A block's `text` on the canvas: edited in place, with the theme's link colour and the workspace's merge tags (the
 * wiring every text-bearing block shares; each block gives its own look and words).
 */
export function BlockText<B extends TextBlockLike>({
  block,
  onChange,
  selected,
  theme,
  mergeTags,
  linkColor = themeTokens(theme).link,
  ...rest
}: BlockCanvasProps<B> &
  Pick<EditableTextProps, "ariaLabel" | "placeholder" | "singleLine" | "style"> & { linkColor?: string | null }) {
  return (
    <EditableText
      value={block.text}
      onChange={(text) => onChange({ ...block, text })}
      selected={selected}
      linkColor={linkColor}
      mergeTags={mergeTags}
      {...rest}
    />
  );
}
