// The contract between the composer (canvas, settings sidebar, palette) and the one module per block type.
import type { ComponentType, ReactNode } from "react";
import type { Block, Theme } from "@/lib/schemas/blocks";

export type BlockCanvasProps<B> = {
  block: B;
  onChange(next: B): void;
  /** Selected blocks edit their text in place; others show it formatted. */
  selected: boolean;
  /** The draft's theme name; canvases read its colours with themeTokens() from lib/email-content/themes.ts. */
  theme: Theme;
  /** The workspace's custom fields, offered in the in-place editor's merge tag menu after the built-in ones. */
  mergeTags?: { key: string; label: string }[];
};

export type BlockSettingsProps<B> = {
  block: B;
  onChange(next: B): void;
  /** Messages keyed by JSON pointer relative to the block: "#/href", "#/links/0/url". */
  errors: Record<string, string>;
  workspaceId: string;
  /** The draft's theme, for "theme colour" hints (optional: the default theme otherwise). */
  theme?: Theme;
};

export type BlockModule<B extends Block = Block> = {
  type: B["type"];
  label: string;
  description: string;
  icon: ReactNode;
  create(): B;
  Canvas: ComponentType<BlockCanvasProps<B>>;
  Settings: ComponentType<BlockSettingsProps<B>>;
};
