// The three looks a broadcast can take. Colours are plain hex values because many mail clients ignore CSS
// variables and `prefers-color-scheme`; every colour pair here keeps text contrast at WCAG AA or better.
import type { Theme } from "@/lib/schemas/blocks";

export type ThemeTokens = {
  /** Tells clients that offer dark mode whether the email already is dark (so they leave its colours alone). */
  colorScheme: "light" | "dark";
  /** Around the content card. */
  pageBackground: string;
  /** The content card. */
  contentBackground: string;
  text: string;
  heading: string;
  muted: string;
  link: string;
  accent: string;
  accentText: string;
  divider: string;
  quoteBorder: string;
  footerBackground: string;
  footerText: string;
  fontFamily: string;
  /** Card corners and padding: the minimal theme has neither. */
  radius: number;
  padding: number;
};

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const THEME_TOKENS: Record<Theme, ThemeTokens> = {
  default: {
    colorScheme: "light",
    pageBackground: "#f4f4f5",
    contentBackground: "#ffffff",
    text: "#27272a",
    heading: "#18181b",
    muted: "#71717a",
    link: "#4f46e5",
    accent: "#4f46e5",
    accentText: "#ffffff",
    divider: "#e4e4e7",
    quoteBorder: "#a5b4fc",
    footerBackground: "#f4f4f5",
    footerText: "#63636b",
    fontFamily: FONT,
    radius: 8,
    padding: 32,
  },
  minimal: {
    colorScheme: "light",
    pageBackground: "#ffffff",
    contentBackground: "#ffffff",
    text: "#222222",
    heading: "#111111",
    muted: "#666666",
    link: "#1a56db",
    accent: "#111111",
    accentText: "#ffffff",
    divider: "#dddddd",
    quoteBorder: "#cccccc",
    footerBackground: "#ffffff",
    footerText: "#666666",
    fontFamily: "Georgia, 'Times New Roman', serif",
    radius: 0,
    padding: 16,
  },
  dark: {
    colorScheme: "dark",
    pageBackground: "#09090b",
    contentBackground: "#18181b",
    text: "#e4e4e7",
    heading: "#fafafa",
    muted: "#a1a1aa",
    link: "#a5b4fc",
    accent: "#818cf8",
    accentText: "#09090b",
    divider: "#3f3f46",
    quoteBorder: "#6366f1",
    footerBackground: "#09090b",
    footerText: "#a1a1aa",
    fontFamily: FONT,
    radius: 8,
    padding: 32,
  },
};

export function themeTokens(theme: Theme | string | null | undefined): ThemeTokens {
  return THEME_TOKENS[theme as Theme] ?? THEME_TOKENS.default;
}
