// The content of a broadcast: an ordered list of blocks, a theme and footer styles. One schema for the API, the
// composer and the renderer (emails/), so what is accepted is exactly what can be rendered.
import { z } from "zod";
import { isSafeImageUrl, LINK_URL_DETAILS, linkUrlProblem } from "@/lib/email-content/links";
import { parseInline } from "@/lib/email-content/inline-markup";
import { sanitizeEmailHtml } from "@/lib/email-content/sanitize";
import { MAX_BLOCKS, MAX_HTML, MAX_TEXT, SOCIAL_NETWORKS, THEMES } from "./block-constants";

export { MAX_BLOCKS, MAX_HTML, MAX_TEXT, SOCIAL_LABELS, SOCIAL_NETWORKS, THEMES } from "./block-constants";

const INLINE_DESCRIPTION =
  "Markdown-lite: **bold**, *italic*, [label](https://…), backslash escapes (\\*), newlines become line breaks. " +
  "Merge tags: {{firstName}}, {{firstName|there}} (fallback), {{lastName}}, {{email}}, or a custom-field key " +
  "({{company|}}); values are always HTML-escaped.";

const ZHex = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Must be a hex colour of the form #rrggbb.")
  .overwrite((c) => c.toLowerCase())
  .meta({ example: "#4f46e5" });

const ZAlign = z.enum(["left", "center", "right"]).meta({ description: "Horizontal alignment" });

/** Every link of the content (button, image, social, inline, raw HTML) passes lib/email-content/links.ts's one rule. */
const ZLinkUrl = z
  .string()
  .trim()
  .max(2000, "At most 2000 characters.")
  .superRefine((url, ctx) => {
    const problem = linkUrlProblem(url);
    if (problem) ctx.addIssue({ code: "custom", message: LINK_URL_DETAILS[problem] });
  })
  .meta({
    description: "http(s) or mailto:; merge tags may fill the path, query and fragment, never the scheme or host",
    example: "https://example.com/sale?ref={{email}}",
  });

const linkDetail = (url: string) => `Link "${url.slice(0, 80)}": ${LINK_URL_DETAILS[linkUrlProblem(url) ?? "invalid"]}`;

const ZImageUrl = z
  .string()
  .trim()
  .max(2000, "At most 2000 characters.")
  .refine(isSafeImageUrl, "Must be an http(s) URL.")
  .meta({ example: "https://example.com/banner.png" });

/** Inline text; links inside it must pass the same URL rule as link fields, reported on this field. */
const inlineText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    // Empty is allowed (a draft's new block); it renders nothing.
    .superRefine((v, ctx) => {
      for (const url of parseInline(v).unsafeLinks) ctx.addIssue({ code: "custom", message: linkDetail(url) });
    })
    .meta({ description: INLINE_DESCRIPTION, example: "Hi {{firstName|there}}, our **spring sale** starts today." });

const ZBlockId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Use 1–64 letters, digits, - or _.")
  .optional()
  .meta({ description: "Optional client-chosen id (the composer uses it to keep track of blocks)" });

export const ZHeadingBlock = z
  .strictObject({
    type: z.literal("heading"),
    id: ZBlockId,
    text: inlineText(1000),
    level: z
      .union([z.literal(1), z.literal(2), z.literal(3)], { error: "Use 1, 2 or 3." })
      .default(1)
      .meta({ description: "1 (largest) to 3" }),
    align: ZAlign.default("left"),
  })
  .meta({
    id: "HeadingBlock",
    description: "A heading (h1–h3).",
    example: { type: "heading", text: "Spring sale", level: 1, align: "left" },
  });

export const ZTextBlock = z
  .strictObject({ type: z.literal("text"), id: ZBlockId, text: inlineText(MAX_TEXT), align: ZAlign.default("left") })
  .meta({
    id: "TextBlock",
    description: "A paragraph of markdown-lite text.",
    example: { type: "text", text: "Hi {{firstName|there}},\nour **spring sale** starts today.", align: "left" },
  });

export const ZImageBlock = z
  .strictObject({
    type: z.literal("image"),
    id: ZBlockId,
    src: ZImageUrl,
    alt: z.string().max(500).default("").meta({ description: "Alternative text (merge tags allowed)" }),
    href: ZLinkUrl.optional().meta({ description: "Makes the image a link" }),
    width: z.int().min(16).max(600).optional().meta({ description: "Display width in pixels (default: full width)" }),
    align: ZAlign.default("center"),
  })
  .meta({
    id: "ImageBlock",
    description: "An image, optionally linked.",
    example: { type: "image", src: "https://example.com/banner.png", alt: "Spring sale", align: "center" },
  });

export const ZButtonBlock = z
  .strictObject({
    type: z.literal("button"),
    id: ZBlockId,
    text: inlineText(200),
    // Empty while a draft is being written (a new button starts so): saved as it is, refused by the send's readiness
    // check (server/services/broadcasts/readiness.ts), so a dead button never goes out.
    href: z.union([z.literal(""), ZLinkUrl]).meta({
      description: "Where the button leads. Empty in a draft; a broadcast with a button without a link is not sent.",
      example: "https://example.com/sale",
    }),
    align: ZAlign.default("center"),
    backgroundColor: ZHex.optional().meta({ description: "Defaults to the theme's accent colour" }),
    textColor: ZHex.optional().meta({ description: "Defaults to the theme's button text colour" }),
  })
  .meta({
    id: "ButtonBlock",
    description: "A call-to-action button.",
    example: { type: "button", text: "Shop now", href: "https://example.com/sale", align: "center" },
  });

export const ZDividerBlock = z
  .strictObject({ type: z.literal("divider"), id: ZBlockId })
  .meta({ id: "DividerBlock", description: "A horizontal rule.", example: { type: "divider" } });

export const ZSpacerBlock = z
  .strictObject({
    type: z.literal("spacer"),
    id: ZBlockId,
    height: z.int().min(4).max(200).default(24).meta({ description: "Pixels" }),
  })
  .meta({ id: "SpacerBlock", description: "Vertical space.", example: { type: "spacer", height: 24 } });

export const ZSocialBlock = z
  .strictObject({
    type: z.literal("social"),
    id: ZBlockId,
    links: z
      .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: ZLinkUrl }))
      .min(1, "Add at least one link.")
      .max(12, "At most 12 links."),
    align: ZAlign.default("center"),
  })
  .meta({
    id: "SocialBlock",
    description: "A row of links to social profiles.",
    example: { type: "social", links: [{ network: "instagram", url: "https://instagram.com/example" }] },
  });

export const ZQuoteBlock = z
  .strictObject({
    type: z.literal("quote"),
    id: ZBlockId,
    text: inlineText(5000),
    cite: z.string().trim().max(200).optional().meta({ description: "Who said it" }),
  })
  .meta({
    id: "QuoteBlock",
    description: "A pull quote.",
    example: { type: "quote", text: "The best newsletter I read.", cite: "A happy reader" },
  });

export const ZHtmlBlock = z
  .strictObject({
    type: z.literal("html"),
    id: ZBlockId,
    html: z
      .string()
      .max(MAX_HTML, `At most ${MAX_HTML} characters.`)
      // A link whose destination a merge tag would choose is refused, not silently unlinked: its author meant it.
      .superRefine((html, ctx) => {
        const refused: string[] = [];
        sanitizeEmailHtml(html, { onRefusedHref: (href) => refused.push(href) });
        for (const href of refused.filter((h) => linkUrlProblem(h) === "merge-tag-in-origin")) {
          ctx.addIssue({ code: "custom", message: linkDetail(href) });
        }
      })
      // Normalised on write: the stored HTML is what will be sent (scripts, handlers and unsafe URLs removed).
      .overwrite((html) => sanitizeEmailHtml(html)),
  })
  .meta({
    id: "HtmlBlock",
    description:
      "Raw HTML, sanitized with an allowlist when saved and again when sent: no scripts, iframes, forms or event " +
      "handlers; links http(s)/mailto: only; inline styles limited to typography and layout. Merge tags work, in " +
      "a link only after its host (a tag in a link's scheme or host is a 422).",
    example: { type: "html", html: '<p style="color:#555">Questions? <a href="https://example.com">Ask us</a></p>' },
  });

const leafBlocks = [
  ZHeadingBlock,
  ZTextBlock,
  ZImageBlock,
  ZButtonBlock,
  ZDividerBlock,
  ZSpacerBlock,
  ZSocialBlock,
  ZQuoteBlock,
  ZHtmlBlock,
] as const;

const nestedColumns = (issue: { input?: unknown }) =>
  (issue.input as { type?: unknown } | undefined)?.type === "columns"
    ? "Columns cannot be nested: a column holds any other block type."
    : undefined;

export const ZLeafBlock = z.discriminatedUnion("type", [...leafBlocks], { error: nestedColumns }).meta({
  id: "LeafBlock",
  description: "Any block except columns (columns nest one level only).",
});

export const ZColumnsBlock = z
  .strictObject({
    type: z.literal("columns"),
    id: ZBlockId,
    columns: z
      .array(z.strictObject({ blocks: z.array(ZLeafBlock).max(50, "At most 50 blocks in a column.") }))
      .min(2, "Use 2 or 3 columns.")
      .max(3, "Use 2 or 3 columns."),
  })
  .meta({
    id: "ColumnsBlock",
    description: "Two or three side-by-side columns (stacked on narrow screens by most clients), each with blocks.",
    example: {
      type: "columns",
      columns: [{ blocks: [{ type: "text", text: "Left" }] }, { blocks: [{ type: "text", text: "Right" }] }],
    },
  });

export const ZBlock = z.discriminatedUnion("type", [...leafBlocks, ZColumnsBlock]).meta({
  id: "Block",
  description: "One block of email content, told apart by `type`.",
});

export const ZBlocks = z
  .array(ZBlock)
  .superRefine((blocks, ctx) => {
    const total = blocks.reduce((n, b) => n + 1 + (b.type === "columns" ? countNested(b) : 0), 0);
    if (total > MAX_BLOCKS) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_BLOCKS} blocks (counting blocks inside columns).` });
    }
  })
  .meta({
    id: "Blocks",
    description: `The email body: at most ${MAX_BLOCKS} blocks, counting those inside columns.`,
  });

function countNested(block: ColumnsBlock): number {
  return block.columns.reduce((n, c) => n + c.blocks.length, 0);
}

export const ZTheme = z.enum(THEMES).meta({
  id: "Theme",
  description: "default (white card on grey), minimal (plain white), dark (light text on dark grey)",
  example: "default",
});

export const ZFooterStyles = z
  .strictObject({
    backgroundColor: ZHex.optional(),
    textColor: ZHex.optional(),
    linkColor: ZHex.optional(),
    fontSize: z.int().min(10).max(18).optional().meta({ description: "Pixels" }),
    align: ZAlign.optional(),
    text: inlineText(1000)
      .optional()
      .meta({ description: "Shown above the unsubscribe link and postal address, which are always present." }),
  })
  .meta({
    id: "FooterStyles",
    description: "Look of the footer. The unsubscribe link and the workspace's postal address are always shown.",
    example: { backgroundColor: "#f4f4f5", textColor: "#71717a", fontSize: 12, align: "center" },
  });

export type HeadingBlock = z.infer<typeof ZHeadingBlock>;
export type TextBlock = z.infer<typeof ZTextBlock>;
export type ImageBlock = z.infer<typeof ZImageBlock>;
export type ButtonBlock = z.infer<typeof ZButtonBlock>;
export type DividerBlock = z.infer<typeof ZDividerBlock>;
export type SpacerBlock = z.infer<typeof ZSpacerBlock>;
export type SocialBlock = z.infer<typeof ZSocialBlock>;
export type QuoteBlock = z.infer<typeof ZQuoteBlock>;
export type HtmlBlock = z.infer<typeof ZHtmlBlock>;
export type ColumnsBlock = z.infer<typeof ZColumnsBlock>;
export type LeafBlock = z.infer<typeof ZLeafBlock>;
export type Block = z.infer<typeof ZBlock>;
export type Theme = z.infer<typeof ZTheme>;
export type FooterStyles = z.infer<typeof ZFooterStyles>;
