import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";

/** The display name only: the slug stays, so nothing that already points at the workspace changes. */
export async function renameWorkspace({ workspaceId, name }: { workspaceId: string; name: string }) {
  const { count } = await db().workspace.updateMany({ where: { id: workspaceId }, data: { name } });
  if (count === 0) throw new AppError("NOT_FOUND", "Workspace not found.");
  return { name };
}
