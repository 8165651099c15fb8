import { db } from "@/server/db/client";
import { ZTheme } from "@/lib/schemas/blocks";
import type { TemplateSummary } from "@/lib/schemas/templates";

/**
 * The workspace's saved templates, newest first (the index on (workspaceId, createdAt desc) serves it), without
 * their content: the start page shows names and lazily loaded thumbnails, so the blocks stay in the database.
 */
export async function listTemplates({ workspaceId }: { workspaceId: string }): Promise<TemplateSummary[]> {
  const rows = await db().broadcastTemplate.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, subject: true, theme: true, createdAt: true, updatedAt: true },
  });
  return rows.map((row) => ({
    ...row,
    theme: ZTheme.catch("default").parse(row.theme),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
