import { db } from "@/server/db/client";
import type { SavedTemplate } from "@/lib/schemas/templates";
import { templateSelect, toSavedTemplate } from "./template-record";

/** The workspace's saved templates, newest first (the index on (workspaceId, createdAt desc) serves it). */
export async function listTemplates({ workspaceId }: { workspaceId: string }): Promise<SavedTemplate[]> {
  const rows = await db().broadcastTemplate.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: templateSelect,
  });
  return rows.map(toSavedTemplate);
}
