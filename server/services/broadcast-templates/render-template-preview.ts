import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { renderPreview } from "@/emails/preview";
import type { TemplateSource } from "@/lib/schemas/templates";
import { templateContent } from "./template-content";

/**
 * A template's email as the sample contact would see it, with this workspace's footer: the start page's
 * thumbnails. The same renderer as sending, so the picture is what the broadcast will look like.
 */
export async function renderTemplatePreview({
  workspaceId,
  source,
}: {
  workspaceId: string;
  source: TemplateSource;
}): Promise<string> {
  const [content, workspace] = await Promise.all([
    templateContent({ workspaceId, source }),
    db().workspace.findUnique({ where: { id: workspaceId }, select: { name: true, postalAddress: true } }),
  ]);
  if (!workspace) throw new AppError("NOT_FOUND", "Workspace not found");
  const { html } = await renderPreview({ ...content, subject: content.subject ?? "", workspace });
  return html;
}
