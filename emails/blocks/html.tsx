import { Section } from "@react-email/components";
import type { HtmlBlock } from "@/lib/schemas/blocks";
import { sanitizeEmailHtml } from "@/lib/email-content/sanitize";
import type { BlockProps } from "./types";

export function HtmlBlockView({ block, theme, slots }: BlockProps<HtmlBlock>) {
  // Sanitized again here (stored HTML may predate a rule); kept links become tracked slots, and merge tags in the
  // result become merge slots, whose values personalize() escapes like any other.
  const clean = slots.mergeTags(
    sanitizeEmailHtml(block.html, { rewriteHref: (url) => slots.link(url), linkColor: theme.link }),
  );
  return (
    <Section style={{ color: theme.text, fontSize: 16, lineHeight: 1.6, margin: "0 0 16px" }}>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Section>
  );
}
