// Queues a failed import again; the job resumes from its checkpoint (processedRows), so rows already imported are
// neither written nor counted twice. Imports that failed on their file fail again at once.
import { AppError } from "@/server/errors";
import type { Import } from "@/lib/schemas/imports";
import { jobTransaction } from "@/server/jobs/enqueue";
import { importContactsJob } from "@/server/jobs/import-contacts";
import { getImport } from "./get-import";

export async function retryImport({
  workspaceId,
  importId,
}: {
  workspaceId: string;
  importId: string;
}): Promise<Import> {
  const current = await getImport({ workspaceId, importId }); // 404 for another workspace's id
  const queued = await jobTransaction([importContactsJob], async (query, enqueue) => {
    const moved = await query(
      `UPDATE "ContactImport" SET status = 'queued', error = NULL, "finishedAt" = NULL
        WHERE id = $1::uuid AND "workspaceId" = $2::uuid AND status = 'failed'`,
      [importId, workspaceId],
    );
    if (moved.rowCount !== 1) return false;
    await enqueue(importContactsJob, { importId });
    return true;
  });
  if (!queued) throw new AppError("CONFLICT", `Only a failed import can be retried; this one is ${current.status}.`);
  return getImport({ workspaceId, importId });
}
