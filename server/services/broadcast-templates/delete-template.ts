import { db } from "@/server/db/client";
import { templateNotFound } from "./template-record";

/** Removes the template; broadcasts started from it keep their own copy of the content. */
export async function deleteTemplate({ workspaceId, templateId }: { workspaceId: string; templateId: string }) {
  const { count } = await db().broadcastTemplate.deleteMany({ where: { id: templateId, workspaceId } });
  if (count === 0) throw templateNotFound();
}
