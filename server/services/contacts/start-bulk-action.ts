// Starts a bulk change: checks the tag (or creates the new one named for "Add tag") and filters, snapshots the
// matching count, stores the ContactBulkAction and enqueues its job in the same transaction (the job exists if and
// only if the row does).
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { jobTransaction } from "@/server/jobs/enqueue";
import { bulkContactsJob } from "@/server/jobs/bulk-contacts";
import { findOrCreateTags } from "@/server/services/tags/missing-tags-sql";
import type { StartBulkAction } from "./bulk-action-schema";
import { bulkTargetSql } from "./bulk-target";
import { getBulkAction } from "./get-bulk-action";
import { runBulkAction } from "./run-bulk-action";

export async function startBulkAction({
  workspaceId,
  actorId,
  input,
}: {
  workspaceId: string;
  actorId?: string;
  input: StartBulkAction;
}) {
  const where = await bulkTargetSql(workspaceId, input.target);
  const chosenTagId = input.action === "tag" || input.action === "untag" ? (input.tagId ?? null) : null;
  if (chosenTagId && !(await db().tag.findFirst({ where: { id: chosenTagId, workspaceId }, select: { id: true } }))) {
    throw new AppError("VALIDATION", "Choose a tag.", [
      { pointer: "#/tagId", detail: "This tag no longer exists. It may have just been deleted." },
    ]);
  }
  const id = await jobTransaction([bulkContactsJob], async (query, enqueue) => {
    // One bulk change at a time per workspace: two overlapping ones (tag all, delete all) would race each other
    // and the page shows one progress bar. The advisory lock makes the check-then-insert safe against a double click.
    await query(`SELECT pg_advisory_xact_lock(hashtext('contact-bulk:' || $1))`, [workspaceId]);
    const busy = await query(
      `SELECT 1 FROM "ContactBulkAction" WHERE "workspaceId" = $1::uuid AND status IN ('queued', 'running')`,
      [workspaceId],
    );
    if (busy.rowCount) {
      throw new AppError(
        "CONFLICT",
        "Another bulk change is still running on these contacts. Wait for it to finish, then try again.",
      );
    }
    // A new tag is made in the same transaction as the change that fills it: a refused start (busy, above) leaves
    // no empty tag behind. A tag of that name (ignoring case) that already exists is used instead.
    const tagId = input.newTagName ? (await findOrCreateTags(query, workspaceId, [input.newTagName]))[0]! : chosenTagId;
    // snapshotAt is the transaction's now(): the count and the job see the same contacts, later ones are left out.
    const insert = Prisma.sql`
      INSERT INTO "ContactBulkAction" (id, "workspaceId", action, filter, "tagId", status, total, "snapshotAt",
                                       "createdById")
      SELECT gen_random_uuid(), ${workspaceId}::uuid, ${input.action}, ${JSON.stringify(input.target)}::jsonb,
             ${tagId}::uuid, 'queued', count(*)::int, now(), ${actorId ?? null}::uuid
        FROM "Contact" c WHERE ${where} AND c."createdAt" <= now()
      RETURNING id::text AS id`;
    const { rows } = await query<{ id: string }>(insert.text, insert.values);
    const bulkActionId = rows[0]!.id;
    await enqueue(bulkContactsJob, { bulkActionId });
    return bulkActionId;
  });
  // A page's selection (100 at most) is done at once, so the table refreshes without waiting for the worker to
  // poll; the job then finds it completed. Same code path as "all matching".
  if (input.target.kind === "ids") await runBulkAction(id);
  return getBulkAction({ workspaceId, id });
}
