import type { Block, FooterStyles, Theme } from "@/lib/schemas/blocks";
import { renderPreview } from "@/emails/preview";
import { broadcastContent } from "@/server/broadcasts/content";
import { db } from "@/server/db/client";
import type { DraftPreview } from "@/lib/composer/draft";

/**
 * The composer's live preview: unsaved content rendered as the sample contact receives it, with the workspace's
 * footer (name and postal address), through the sending path's own compile and personalize steps.
 */
export async function renderDraftPreview({
  workspaceId,
  content,
}: {
  workspaceId: string;
  content: {
    subject: string | null;
    previewText: string | null;
    blocks: Block[];
    theme: Theme;
    footerStyles: FooterStyles;
  };
}): Promise<DraftPreview> {
  const workspace = await db().workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { name: true, postalAddress: true },
  });
  const email = await renderPreview(broadcastContent({ ...content, variants: [], workspace }));
  return { subject: email.subject, html: email.html, text: email.text };
}
