// The designs every workspace can start a broadcast from. Written as complete blocks (every default filled in) so
// they are what the block schema would store; a unit test parses and renders each one. Links and images point at
// neutral placeholders (example.com, and pictures shipped in public/templates/) that the marketer replaces, and the
// copy says what to write.
import type { Block, FooterStyles, Theme } from "@/lib/schemas/blocks";
import type { BuiltInTemplateId } from "@/lib/schemas/templates";

export type BuiltInTemplate = {
  id: BuiltInTemplateId;
  name: string;
  description: string;
  subject: string;
  previewText: string;
  blocks: Block[];
  theme: Theme;
  footerStyles: FooterStyles;
};

/**
 * Stands for the app's own address in the built-in designs' pictures (public/templates/*.png): emails need absolute
 * URLs, and only the server knows APP_URL. `withAssetOrigin` puts it in when a design is used.
 */
export const TEMPLATE_ASSET_ORIGIN = "https://sendwell-assets.invalid";
const picture = (file: string) => `${TEMPLATE_ASSET_ORIGIN}/templates/${file}`;

/** The blocks with the built-in pictures served from `origin` (the app's public URL). */
export function withAssetOrigin(blocks: Block[], origin: string): Block[] {
  const fix = <B extends Block>(b: B): B => {
    if (b.type === "image" && b.src.startsWith(TEMPLATE_ASSET_ORIGIN))
      return { ...b, src: origin.replace(/\/$/, "") + b.src.slice(TEMPLATE_ASSET_ORIGIN.length) };
    if (b.type === "columns") return { ...b, columns: b.columns.map((c) => ({ blocks: c.blocks.map(fix) })) };
    return b;
  };
  return blocks.map(fix);
}

const newsletter: BuiltInTemplate = {
  id: "newsletter",
  name: "Newsletter",
  description: "A header image, an introduction and two stories side by side with pictures, then your social links.",
  subject: "What's new this month",
  previewText: "Our latest stories, picked for you.",
  theme: "default",
  footerStyles: {
    align: "center",
    text: "You receive this newsletter because you subscribed to it.",
  },
  blocks: [
    {
      type: "image",
      src: picture("newsletter-header.png"),
      alt: "Your newsletter",
      align: "center",
    },
    { type: "heading", text: "What's new this month", level: 1, align: "left" },
    {
      type: "text",
      text:
        "Hi {{firstName|there}},\n\nhere is a short round-up of what we have been working on, and a few things we " +
        "think you will like. Replace this introduction with a sentence or two about this issue.",
      align: "left",
    },
    {
      type: "columns",
      columns: [
        { blocks: [{ type: "image", src: picture("story-one.png"), alt: "Story one", align: "center" }] },
        {
          blocks: [
            { type: "heading", text: "Your first story", level: 3, align: "left" },
            {
              type: "text",
              text: "Two or three sentences that make readers want to know more. Keep it short: the link does the rest.",
              align: "left",
            },
            { type: "button", text: "Read more", href: "https://example.com/story-one", align: "left" },
          ],
        },
      ],
    },
    {
      type: "columns",
      columns: [
        {
          blocks: [
            { type: "heading", text: "Your second story", level: 3, align: "left" },
            {
              type: "text",
              text: "A product tip, an event, a customer's story: whatever your readers come back for.",
              align: "left",
            },
            { type: "button", text: "Read more", href: "https://example.com/story-two", align: "left" },
          ],
        },
        { blocks: [{ type: "image", src: picture("story-two.png"), alt: "Story two", align: "center" }] },
      ],
    },
    { type: "divider" },
    {
      type: "text",
      text: "Thanks for reading. Reply to this email any time: a real person reads every answer.",
      align: "center",
    },
    {
      type: "social",
      links: [
        { network: "website", url: "https://example.com" },
        { network: "instagram", url: "https://instagram.com/" },
        { network: "linkedin", url: "https://www.linkedin.com/" },
        { network: "x", url: "https://x.com/" },
      ],
      align: "center",
    },
  ],
};

const announcement: BuiltInTemplate = {
  id: "announcement",
  name: "Announcement",
  description: "One big piece of news: a headline, a few words, a button and a picture.",
  subject: "Introducing something new",
  previewText: "It is here, and we think you will love it.",
  theme: "dark",
  footerStyles: { align: "center" },
  blocks: [
    { type: "spacer", height: 16 },
    { type: "heading", text: "Something new is here", level: 1, align: "center" },
    {
      type: "text",
      text:
        "Hi {{firstName|there}}, we have been building this for months and it is finally ready. Say in one or two " +
        "sentences what it is and why it matters to your readers.",
      align: "center",
    },
    { type: "button", text: "See what's new", href: "https://example.com/new", align: "center" },
    { type: "spacer", height: 16 },
    {
      type: "image",
      src: picture("product.png"),
      alt: "A picture of what is new",
      href: "https://example.com/new",
      align: "center",
    },
  ],
};

const welcome: BuiltInTemplate = {
  id: "welcome",
  name: "Welcome",
  description: "Greets a new subscriber by name, says what to expect and points to a first step.",
  subject: "Welcome aboard, {{firstName|friend}}",
  previewText: "Thanks for subscribing. Here is what comes next.",
  theme: "minimal",
  footerStyles: { align: "left" },
  blocks: [
    { type: "heading", text: "Welcome, {{firstName|there}}!", level: 1, align: "left" },
    {
      type: "text",
      text: "Thank you for subscribing. We are glad you are here, and we promise to be worth your inbox.",
      align: "left",
    },
    {
      type: "text",
      text:
        "**What to expect**\n" +
        "• One email every two weeks, never more\n" +
        "• Practical tips you can use the same day\n" +
        "• Early access to new things before anyone else",
      align: "left",
    },
    { type: "button", text: "Get started", href: "https://example.com/start", align: "left" },
    {
      type: "quote",
      text: "The one newsletter I read from top to bottom, every time.",
      cite: "A reader since the first issue",
    },
    {
      type: "text",
      text: "Questions? Just reply to this email.\n\nSee you soon,\nThe team",
      align: "left",
    },
  ],
};

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [newsletter, announcement, welcome];

export function builtInTemplate(id: BuiltInTemplateId): BuiltInTemplate {
  const template = BUILT_IN_TEMPLATES.find((t) => t.id === id);
  // The id is one of BUILT_IN_TEMPLATE_IDS (zod-checked), so a miss is a programming error.
  if (!template) throw new Error(`No built-in template "${id}"`);
  return template;
}
