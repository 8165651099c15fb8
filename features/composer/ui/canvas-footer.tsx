"use client";
// The email's footer on the canvas, drawn as it will look (its style is the draft's), so the email reads whole
// while it is written. Not edited in place: a click opens the Design panel, where the footer is set.
import type { FooterStyles, Theme } from "@/lib/schemas/blocks";
import { THEME_TOKENS } from "@/lib/email-content/themes";
import { InlineText } from "./inline-editor";

export function CanvasFooter({
  footerStyles,
  theme,
  onEdit,
}: {
  footerStyles: FooterStyles;
  theme: Theme;
  onEdit(): void;
}) {
  const tokens = THEME_TOKENS[theme];
  const color = footerStyles.textColor ?? tokens.footerText;
  const link = footerStyles.linkColor ?? color;
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        onEdit();
      }}
      aria-label="Email footer: change its text and style in the Design panel"
      className="mt-2 block w-full cursor-pointer space-y-2 rounded-md px-4 py-6 hover:ring-1 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-brand-500"
      style={{
        background: footerStyles.backgroundColor ?? tokens.footerBackground,
        color,
        fontSize: footerStyles.fontSize ?? 12,
        textAlign: footerStyles.align ?? "center",
        fontFamily: tokens.fontFamily,
        lineHeight: 1.5,
      }}
    >
      <span className="block">
        {footerStyles.text ? (
          <InlineText source={footerStyles.text} linkStyle={{ color: link, textDecoration: "underline" }} />
        ) : (
          "You are receiving this email because you subscribed to your workspace."
        )}
      </span>
      <span className="block underline" style={{ color: link }}>
        Unsubscribe
      </span>
      <span className="block">Your workspace&apos;s name and postal address</span>
    </button>
  );
}
