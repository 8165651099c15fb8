import { db } from "@/server/db/client";
import type { SavedTemplate } from "@/lib/schemas/templates";
import { getTemplate } from "./get-template";
import { templateNotFound } from "./template-record";

export async function renameTemplate({
  workspaceId,
  templateId,
  name,
}: {
  workspaceId: string;
  templateId: string;
  name: string;
}): Promise<SavedTemplate> {
  // updateMany carries the workspace filter, so another workspace's id changes nothing and reads as not found.
  const { count } = await db().broadcastTemplate.updateMany({ where: { id: templateId, workspaceId }, data: { name } });
  if (count === 0) throw templateNotFound();
  return getTemplate({ workspaceId, templateId });
}
