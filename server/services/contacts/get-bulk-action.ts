// A bulk change as its progress bar and result toast need it.
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { BulkProgress } from "@/lib/contacts/bulk-messages";

const SELECT = `
  SELECT b.id::text AS id, b.action, b.status::text AS status, t.name AS "tagName", b.total, b.processed, b.changed,
         b.error
    FROM "ContactBulkAction" b
    LEFT JOIN "Tag" t ON t.id = b."tagId" AND t."workspaceId" = b."workspaceId"`;

export async function getBulkAction({ workspaceId, id }: { workspaceId: string; id: string }): Promise<BulkProgress> {
  const [row] = await sql<BulkProgress>(`${SELECT} WHERE b.id = $1::uuid AND b."workspaceId" = $2::uuid`, [
    id,
    workspaceId,
  ]);
  if (!row) throw new AppError("NOT_FOUND", "This bulk change no longer exists.");
  return row;
}

/** The workspace's unfinished bulk change, if any: the contacts page shows its progress again after a reload. */
export async function currentBulkAction({ workspaceId }: { workspaceId: string }): Promise<BulkProgress | null> {
  const [row] = await sql<BulkProgress>(
    `${SELECT} WHERE b."workspaceId" = $1::uuid AND b.status IN ('queued', 'running')
      ORDER BY b."createdAt" DESC LIMIT 1`,
    [workspaceId],
  );
  return row ?? null;
}
