// Renders a broadcast's content once, with every per-recipient piece (merge values, link hrefs, the unsubscribe
// URL, the open pixel) left as a slot: personalize() fills the slots per recipient with string work only, so a
// 100,000-recipient send renders React once per variant, not once per person.
import { createElement } from "react";
import { render, toPlainText } from "@react-email/render";
import { ZBlocks, ZFooterStyles, ZTheme } from "@/lib/schemas/blocks";
import { BroadcastEmail } from "./broadcast-email";
import { type CompiledEmail, SlotRecorder, stripSentinelChars, withoutPixel } from "./template";
import type { EmailContent } from "@/lib/email-content/content";
import { themeTokens } from "@/lib/email-content/themes";

export type { CompiledEmail, Slot, Template } from "./template";
export type { EmailContent } from "@/lib/email-content/content";

export async function compileEmail(content: EmailContent): Promise<CompiledEmail> {
  // Author text cannot contain the sentinel characters, so it can never forge a slot.
  const clean = stripSentinels(content) as EmailContent;
  const blocks = ZBlocks.parse(clean.blocks);
  const footerStyles = ZFooterStyles.parse(clean.footerStyles ?? {});
  const theme = themeTokens(ZTheme.catch("default").parse(clean.theme));
  const slots = new SlotRecorder();
  const element = createElement(BroadcastEmail, {
    previewText: clean.previewText ?? "",
    blocks,
    theme,
    footerStyles,
    workspace: clean.workspace,
    slots,
  });
  const html = await render(element);
  const text = toPlainText(withoutPixel(html), {
    selectors: [
      // Headings keep their case; links read "label (URL)", the URL being the tracked one personalize() fills in.
      ...["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: "a", options: { linkBrackets: ["(", ")"] as [string, string], hideLinkHrefIfSameAsText: true } },
    ],
  });
  return {
    subject: slots.split(slots.mergeTags(clean.subject.replace(/\s+/g, " ").trim())),
    html: slots.split(html),
    text: slots.split(tidyText(text)),
    links: [...slots.links],
  };
}

/** Spacers and empty cells leave lines of (non-breaking) spaces; at most one blank line in a row reads best. */
function tidyText(text: string): string {
  const lines = text.split("\n").map((line) => line.replace(/[\s\u00a0]+$/u, ""));
  return (
    lines
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim() + "\n"
  );
}

function stripSentinels(value: unknown): unknown {
  if (typeof value === "string") return stripSentinelChars(value);
  if (Array.isArray(value)) return value.map(stripSentinels);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripSentinels(v)]));
  }
  return value;
}
