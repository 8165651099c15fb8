import { db } from "@/server/db/client";
import type { SavedTemplate } from "@/lib/schemas/templates";
import { templateNotFound, templateSelect, toSavedTemplate } from "./template-record";

/** One of the workspace's templates; another workspace's id is simply not found. */
export async function getTemplate({
  workspaceId,
  templateId,
}: {
  workspaceId: string;
  templateId: string;
}): Promise<SavedTemplate> {
  const row = await db().broadcastTemplate.findFirst({
    where: { id: templateId, workspaceId },
    select: templateSelect,
  });
  if (!row) throw templateNotFound();
  return toSavedTemplate(row);
}
