// The bulk-contacts job's work: walk the contacts matching the action's target in id order, a chunk per
// transaction. Each chunk locks the action row, applies the change with set-based SQL, writes the same Event and
// ContactActivity rows as the single-contact services, and advances processed/changed/cursor, all in one commit:
// a crash loses at most the chunk in flight, and the rerun resumes after the last committed cursor.
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import { recordEvents, type Tx } from "@/server/events/record-event";
import type { BulkActionKind } from "@/lib/contacts/bulk-messages";
import { ZBulkTarget } from "./bulk-action-schema";
import { bulkTargetSql } from "./bulk-target";
import { updateRecords, type EventRecord } from "./contact-changes";
import { deleteContacts } from "./delete-contact";
import { recordActivities, type ActivityInput } from "./record-activities";
import { mayMove, STATUS_MOVES, statusMoveSql } from "./status-moves";
import { touchContacts } from "./write-contacts";

/** The move's status and timestamps (fixed SQL text, no values). */
const BULK_UNSUBSCRIBE = Prisma.raw(statusMoveSql("bulkUnsubscribe").set);

/** Contacts per transaction: big enough for set-based SQL to pay off, small enough for steady progress. */
export const BULK_CHUNK = 5000;

/** Test seams: a smaller chunk, and a hook after each committed chunk (throwing there simulates a crash). */
export type RunBulkHooks = { chunkSize?: number; afterChunk?: (chunksDone: number) => void | Promise<void> };

/** Retrying cannot help (the tag or segment was deleted, the stored target is unreadable): fail at once. */
class PermanentBulkError extends Error {}

type Claimed = { workspaceId: string; action: BulkActionKind; filter: unknown; tagId: string | null; snapshotAt: Date };
type Plan = Claimed & { where: Prisma.Sql; chunkSize: number; windowed: boolean };
type Row = { id: string; email: string; status: string };

export async function runBulkAction(bulkActionId: string, hooks: RunBulkHooks = {}): Promise<void> {
  // queued: first run; running: a run that crashed or expired; failed: a pg-boss retry after an unexpected error.
  const [claimed] = await sql<Claimed>(
    `UPDATE "ContactBulkAction" SET status = 'running', "startedAt" = COALESCE("startedAt", now()), error = NULL
      WHERE id = $1::uuid AND status IN ('queued', 'running', 'failed')
      RETURNING "workspaceId"::text AS "workspaceId", action, filter, "tagId"::text AS "tagId", "snapshotAt"`,
    [bulkActionId],
  );
  if (!claimed) return; // completed or deleted (with its workspace): nothing to do
  try {
    const target = ZBulkTarget.safeParse(claimed.filter);
    if (!target.success) throw new PermanentBulkError("The stored selection of this bulk change is unreadable.");
    const where = await bulkTargetSql(claimed.workspaceId, target.data).catch((error) => {
      if (error instanceof AppError) {
        throw new PermanentBulkError("A tag or segment of the filter was deleted before the change finished.");
      }
      throw error;
    });
    const plan: Plan = {
      ...claimed,
      where,
      chunkSize: hooks.chunkSize ?? BULK_CHUNK,
      windowed: target.data.kind === "filter",
    };
    for (let chunks = 1; ; chunks++) {
      // The timeout covers a chunk of deletes on a slow disk; Prisma's default of 5 s is meant for requests.
      const more = await db().$transaction((tx) => processChunk(tx, bulkActionId, plan), {
        timeout: 120_000,
        maxWait: 30_000,
      });
      await hooks.afterChunk?.(chunks);
      if (!more) break;
    }
  } catch (error) {
    const permanent = error instanceof PermanentBulkError;
    if (!permanent) {
      // The details (possibly SQL) go to the worker's log, not to the dashboard.
      console.error(JSON.stringify({ level: "error", job: "bulk-contacts", bulkActionId, error: String(error) }));
    }
    const message = permanent
      ? (error as Error).message
      : "The change stopped unexpectedly. It is retried automatically and resumes where it stopped.";
    await sql(
      `UPDATE "ContactBulkAction" SET status = 'failed', error = $2, "finishedAt" = now()
        WHERE id = $1::uuid AND status = 'running'`,
      [bulkActionId, message],
    );
    if (!permanent) throw error; // pg-boss retries it
  }
}

/** One chunk in one transaction; false once the last chunk is done and the action is marked completed. */
async function processChunk(tx: Tx, bulkActionId: string, plan: Plan): Promise<boolean> {
  // The lock serialises two runs of the same action (a retry overlapping a slow run): the second sees the cursor
  // the first committed, so no contact is counted twice.
  const [state] = await tx.$queryRaw<{ status: string; cursor: string | null }[]>`
    SELECT status::text AS status, cursor::text AS cursor FROM "ContactBulkAction"
     WHERE id = ${bulkActionId}::uuid FOR UPDATE`;
  if (!state || state.status !== "running") return false;
  const tag = plan.tagId
    ? await tx.tag.findFirst({ where: { id: plan.tagId, workspaceId: plan.workspaceId }, select: { name: true } })
    : null;
  if (plan.tagId && !tag) throw new PermanentBulkError("The tag was deleted before the change finished.");

  const after = state.cursor ? Prisma.sql`AND c.id > ${state.cursor}::uuid` : Prisma.empty;
  // "All matching" walks the workspace in windows of chunkSize ids and applies the filter inside each window, so
  // each chunk reads a bounded slice and the whole walk reads every contact once. Filtering first and taking the
  // next chunkSize matches instead re-scans the unmatched rest on every chunk (quadratic: a search over 100,000
  // contacts took a full pass per chunk on the embedded database). A page's selection (≤ 100 ids) is one chunk.
  let windowEnd: string | null = null;
  let last = false;
  let scope = Prisma.sql`${plan.where} ${after}`;
  if (plan.windowed) {
    const window = await tx.$queryRaw<{ id: string }[]>`
      SELECT c.id::text AS id FROM "Contact" c
       WHERE c."workspaceId" = ${plan.workspaceId}::uuid ${after}
       ORDER BY c.id
       LIMIT ${plan.chunkSize}`;
    last = window.length < plan.chunkSize;
    windowEnd = window.at(-1)?.id ?? null;
    if (!windowEnd) scope = Prisma.sql`FALSE`;
    else scope = Prisma.sql`${plan.where} ${after} AND c.id <= ${windowEnd}::uuid`;
  }
  const rows = await tx.$queryRaw<Row[]>(Prisma.sql`
    SELECT c.id::text AS id, c.email, c.status::text AS status FROM "Contact" c
     WHERE ${scope} AND c."createdAt" <= ${plan.snapshotAt}::timestamptz
     ORDER BY c.id
     LIMIT ${plan.chunkSize}
       FOR UPDATE OF c`);
  if (!plan.windowed) {
    last = rows.length < plan.chunkSize;
    windowEnd = rows.at(-1)?.id ?? null;
  }
  const changed = rows.length ? await apply(tx, plan, rows, tag?.name ?? "") : 0;
  // On the last chunk total becomes what was really walked: contacts deleted or changed out of the filter
  // meanwhile are not counted as done, and the bar ends full.
  await tx.$executeRaw`
    UPDATE "ContactBulkAction"
       SET processed = processed + ${rows.length}, changed = changed + ${changed},
           cursor = COALESCE(${windowEnd}::uuid, cursor),
           status = CASE WHEN ${last} THEN 'completed'::"ContactBulkActionStatus" ELSE status END,
           total = CASE WHEN ${last} THEN processed + ${rows.length} ELSE total END,
           "finishedAt" = CASE WHEN ${last} THEN now() ELSE NULL END
     WHERE id = ${bulkActionId}::uuid`;
  return !last;
}

/** Applies the change to the locked rows; returns how many contacts it changed. */
async function apply(tx: Tx, plan: Plan, rows: Row[], tagName: string): Promise<number> {
  const { workspaceId, tagId } = plan;
  const ids = rows.map((r) => r.id);
  if (plan.action === "delete") return (await deleteContacts(tx, { workspaceId, contactIds: ids })).length;

  let events: EventRecord[] = [];
  let activities: ActivityInput[] = [];
  let changedIds: string[];
  if (plan.action === "tag" || plan.action === "untag") {
    const added = plan.action === "tag";
    // The statement-level trigger on ContactTag keeps Tag.contactCount exact for both statements.
    const touched = added
      ? await tx.$queryRaw<{ id: string }[]>`
          INSERT INTO "ContactTag" ("contactId", "tagId")
          SELECT c.id, ${tagId}::uuid FROM unnest(${ids}::uuid[]) AS c(id) ORDER BY c.id
              ON CONFLICT DO NOTHING
          RETURNING "contactId"::text AS id`
      : await tx.$queryRaw<{ id: string }[]>`
          DELETE FROM "ContactTag" WHERE "tagId" = ${tagId}::uuid AND "contactId" = ANY(${ids}::uuid[])
          RETURNING "contactId"::text AS id`;
    const set = new Set(touched.map((r) => r.id));
    changedIds = ids.filter((id) => set.has(id)); // id order, like the single-contact path's one-by-one events
    // Same types and timeline entries as add-contact-tags / remove-contact-tag; the payload also names the tag,
    // so a webhook consumer need not look it up (and still knows it after the tag is renamed or deleted).
    events = changedIds.map((contactId) => ({
      type: added ? "contact.tag_added" : "contact.tag_removed",
      payload: { contactId, tagId, tagName },
    }));
    activities = changedIds.map((contactId) => ({
      contactId,
      type: added ? "tag.added" : "tag.removed",
      data: { tagId },
    }));
  } else {
    // The rows are locked: the statuses read are still the statuses written over.
    const candidates = rows.filter((r) => mayMove("bulkUnsubscribe", r.status));
    changedIds = candidates.map((r) => r.id);
    if (changedIds.length) {
      await tx.$executeRaw`
        UPDATE "Contact" SET ${BULK_UNSUBSCRIBE}, "updatedAt" = now()
         WHERE "workspaceId" = ${workspaceId}::uuid AND id = ANY(${changedIds}::uuid[])`;
    }
    const to = STATUS_MOVES.bulkUnsubscribe.to;
    for (const r of candidates) {
      // updateRecords reads only the email of the new state: the rest of the contact is not loaded for it.
      const next = { email: r.email, firstName: null, lastName: null, status: to };
      const records = updateRecords(r.id, { ...next, timezone: null, fields: {} }, [
        { field: "status", from: r.status, to },
      ]);
      events.push(...records.events);
      activities.push(...records.activities);
    }
  }
  if (plan.action !== "unsubscribe") await touchContacts(tx, workspaceId, changedIds);
  await recordEvents(tx, workspaceId, events);
  await recordActivities(tx, workspaceId, activities);
  return changedIds.length;
}
