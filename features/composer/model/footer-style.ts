// The footer as the design panel shows it: each setting either chosen by the marketer or, when unset, the theme's
// (the same fallbacks emails/broadcast-email.tsx renders with), so switching themes restyles an untouched footer.
import type { FooterStyles, Theme } from "@/lib/schemas/blocks";
import { themeTokens } from "@/lib/email-content/themes";

export const FOOTER_FONT_SIZE = { min: 10, max: 18, fallback: 12 } as const;
export const FOOTER_ALIGNS = ["left", "center", "right"] as const;
export type FooterAlign = (typeof FOOTER_ALIGNS)[number];
export type FooterColourKey = "backgroundColor" | "textColor" | "linkColor";

export type FooterLook = {
  backgroundColor: string;
  textColor: string;
  linkColor: string;
  fontSize: number;
  align: FooterAlign;
};

export function footerLook(theme: Theme, styles: FooterStyles): FooterLook {
  const tokens = themeTokens(theme);
  const textColor = styles.textColor ?? tokens.footerText;
  return {
    backgroundColor: styles.backgroundColor ?? tokens.footerBackground,
    textColor,
    linkColor: styles.linkColor ?? textColor,
    fontSize: styles.fontSize ?? FOOTER_FONT_SIZE.fallback,
    align: styles.align ?? "center",
  };
}

/** A patch where `undefined` means "back to the theme's": the key goes, so the stored object stays minimal. */
export function patchFooter(styles: FooterStyles, patch: Partial<FooterStyles>): FooterStyles {
  const next: Record<string, unknown> = { ...styles };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === "") delete next[key];
    else next[key] = value;
  }
  return next as FooterStyles;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
export const isHex = (value: string) => HEX.test(value);

/** "#ABC" and "abc123" are what people paste: completed to the #rrggbb the schema takes, or null. */
export function normaliseHex(raw: string): string | null {
  let v = raw.trim().replace(/^#?/, "#");
  if (/^#[0-9a-fA-F]{3}$/.test(v)) v = `#${[...v.slice(1)].map((c) => c + c).join("")}`;
  return isHex(v) ? v.toLowerCase() : null;
}

/** A whole pixel size within the schema's 10–18. */
export function clampFontSize(raw: number): number {
  if (!Number.isFinite(raw)) return FOOTER_FONT_SIZE.fallback;
  return Math.min(FOOTER_FONT_SIZE.max, Math.max(FOOTER_FONT_SIZE.min, Math.round(raw)));
}
