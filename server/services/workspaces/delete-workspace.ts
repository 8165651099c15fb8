// Deleting a workspace: every row of it goes by the schema's cascades in one statement; the uploaded images live
// outside the database, so they are removed after the commit, best effort (a leftover file is only wasted space,
// while failing the deletion over one would leave the person with a workspace they asked to be rid of).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { lockWorkspace } from "@/server/services/team/workspace-lock";
import { storageOf } from "@/server/uploads/storage";

type Input = { workspaceId: string; actorId: string; confirmName: string };

export async function deleteWorkspace({ workspaceId, actorId, confirmName }: Input) {
  const uploads = await db().$transaction(async (tx) => {
    // The row lock keeps a concurrent ownership transfer from interleaving; the broadcasts' row locks make a send
    // that starts now wait, and then find its broadcast gone, instead of sending from a deleted workspace.
    await lockWorkspace(tx, workspaceId);
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
    const membership = await tx.membership.findUnique({
      where: { workspaceId_userId: { workspaceId, userId: actorId } },
      select: { role: true },
    });
    if (membership?.role !== "owner")
      throw new AppError(
        "FORBIDDEN",
        "Only the workspace's owner can delete it. Ask the owner, or ask them to transfer it to you.",
      );
    if (confirmName.trim() !== workspace.name.trim())
      throw new AppError("VALIDATION", "Type the workspace's name exactly to confirm.", [
        { pointer: "#/confirmName", detail: `Type ${workspace.name} exactly, as shown.` },
      ]);
    const sending = await tx.$queryRaw<{ name: string; status: string; hidden: boolean }[]>`
      SELECT name, status::text, "automationId" IS NOT NULL AS hidden
        FROM "Broadcast" WHERE "workspaceId" = ${workspaceId}::uuid FOR UPDATE`;
    // An automation's step broadcasts are `sending` for as long as the automation lives: they never block this.
    const busy = sending.find((b) => b.status === "sending" && !b.hidden);
    if (busy)
      throw new AppError(
        "CONFLICT",
        `"${busy.name}" is being sent right now. Wait until it has finished (or cancel it), then delete the workspace.`,
      );
    const files = await tx.upload.findMany({ where: { workspaceId }, select: { key: true, storage: true } });
    await tx.workspace.delete({ where: { id: workspaceId } });
    return files;
  });
  const failed = await removeFiles(uploads);
  console.info(
    `Workspace ${workspaceId} deleted by user ${actorId}; ${uploads.length - failed} of ${uploads.length} uploaded files removed.`,
  );
  return { deletedFiles: uploads.length - failed };
}

async function removeFiles(files: { key: string; storage: string }[]): Promise<number> {
  let failed = 0;
  for (const file of files) {
    try {
      await storageOf(file.storage).remove(file.key);
    } catch (error) {
      failed++;
      console.error(`Could not remove uploaded file ${file.key} of a deleted workspace:`, error);
    }
  }
  return failed;
}
