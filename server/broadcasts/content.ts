// What a broadcast says, as the renderer takes it: its main content or one A/B variant's, with the workspace's footer
// details. One home for the sending engine (which compiles it once per variant: server/sending/compiled-content.ts)
// and the use cases that show or test a draft (preview, test email).
import type { EmailContent } from "@/emails/compile";
import type { Block, FooterStyles, Theme } from "@/lib/schemas/blocks";

type Variant = { id: string; subject?: string | null; previewText?: string | null; blocks?: Block[] | null };

type BroadcastForContent = {
  subject: string | null;
  previewText: string | null;
  blocks: unknown;
  theme: string;
  footerStyles: unknown;
  variants: unknown;
  workspace: { name: string; postalAddress: string | null };
};

/** The broadcast fields its content is made of (with the workspace's footer details). */
export const contentSelect = {
  subject: true,
  previewText: true,
  blocks: true,
  theme: true,
  footerStyles: true,
  variants: true,
  workspace: { select: { name: true, postalAddress: true } },
} as const;

function variantsOf(stored: unknown): Variant[] {
  return Array.isArray(stored) ? (stored as Variant[]).filter((v) => v && typeof v.id === "string") : [];
}

/** The ids of a broadcast's A/B variants, in their order (none: no A/B test). */
export function variantIds(stored: unknown): string[] {
  return variantsOf(stored).map((v) => v.id);
}

/** What the renderer takes for the main content ("") or a variant (its subject, preview text and blocks if set). */
export function broadcastContent(b: BroadcastForContent, variantId = ""): EmailContent {
  const v = variantId ? variantsOf(b.variants).find((x) => x.id === variantId) : undefined;
  return {
    subject: v?.subject ?? b.subject ?? "",
    previewText: v?.previewText ?? b.previewText ?? null,
    blocks: (v?.blocks ?? b.blocks ?? []) as Block[],
    theme: b.theme as Theme,
    footerStyles: (b.footerStyles ?? {}) as FooterStyles,
    workspace: b.workspace,
  };
}
