// Fan-out: one durable BroadcastRecipient row per audience contact (unique per broadcast and contact) and the
// batches of ≤100 they are sent in, written in chunks of CHUNK contacts. Each chunk's rows, batches and the cursor
// that says where the next chunk starts commit in one transaction, so a worker killed at any point resumes on the
// next run (the pg-boss retry) exactly where the last chunk ended: no contact is missed or written twice.
//
// Subscriber-time-zone sends are fanned out in groups, one per distinct moment (the contacts of zones sharing a
// wall-clock instant), each group's batches due at its moment. A/B tests put exactly testGroupSize (lib/ab-split.ts)
// into the test, round-robin over the variants; the rest (abRest) waits in `held` batches for the winner. Each chunk
// takes its share of the running total (round(p × contacts so far) − tested so far, so the chunks add up to
// round(p × audience) whatever their sizes), choosing its test contacts by a per-broadcast hash of the contact id.
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { sql, sqlTransaction, type Query } from "@/server/db/pool";
import { audienceSql } from "@/server/broadcasts/audience";
import { variantIds } from "@/server/broadcasts/content";
import { recordLinks } from "./compiled-content";
import { completeIfDone } from "./complete";
import { instantInZone, isTimeZone } from "@/lib/time-zones";
import { reserveSendSlots } from "./send-rate";

/** Contacts per fan-out transaction (read on use, so tests can make chunks small). */
const chunkSize = () => Number(process.env.SEND_FANOUT_CHUNK || 10_000);
export const BATCH_SIZE = 100;

/** variantSeq: test contacts so far (the round-robin's position); seen: contacts so far, test or not. */
type Cursor = { group: number; after: string | null; nextBatchNo: number; variantSeq: number; seen?: number };
/** zones: the contacts' zones due at this moment; unzoned: also contacts whose zone is none of `known`. */
type Group = { dueAt: Date; zones: string[]; unzoned: boolean; known: string[] | null };

export async function fanOut(broadcastId: string): Promise<void> {
  const b = await db().broadcast.findUnique({
    where: { id: broadcastId },
    select: {
      id: true,
      workspaceId: true,
      status: true,
      audienceType: true,
      audienceFilter: true,
      resendOfId: true,
      timezoneMode: true,
      localDate: true,
      localTime: true,
      variants: true,
      abTestPercent: true,
      fanoutCursor: true,
      fanoutDoneAt: true,
      workspace: { select: { defaultTimezone: true } },
    },
  });
  if (!b || b.status !== "sending") return;
  if (!b.fanoutDoneAt) {
    await recordLinks(b.id);
    const where = await audienceSql(
      {
        workspaceId: b.workspaceId,
        audienceType: b.audienceType,
        audienceFilter: b.audienceFilter,
        resendOfId: b.resendOfId,
      },
      undefined,
      true,
    );
    const groups = await sendGroups(b, where);
    const variants = variantIds(b.variants);
    const testPercent = variants.length ? Math.min(100, Math.max(1, b.abTestPercent ?? 100)) : 100;
    for (;;) {
      const next = await sqlTransaction((query) =>
        writeChunk(query, { broadcastId: b.id, workspaceId: b.workspaceId, where, groups, variants, testPercent }),
      );
      if (next === null) return; // no longer sending (cannot happen today: a sending broadcast only moves to sent)
      if (next.group >= groups.length) break;
    }
    await sql(
      `UPDATE "Broadcast"
          SET "fanoutDoneAt" = now(), "updatedAt" = now(),
              "recipientCount" = (SELECT count(*) FROM "BroadcastRecipient" WHERE "broadcastId" = $1::uuid)
        WHERE id = $1::uuid AND "fanoutDoneAt" IS NULL`,
      [b.id],
    );
  }
  await completeIfDone(b.id);
}

function readCursor(stored: unknown): Cursor {
  const c = (stored ?? {}) as Partial<Cursor>;
  return {
    group: c.group ?? 0,
    after: c.after ?? null,
    nextBatchNo: c.nextBatchNo ?? 0,
    variantSeq: c.variantSeq ?? 0,
    seen: c.seen,
  };
}

/**
 * The send moments. Fixed mode: one group, due now. Subscriber mode: the audience's distinct zones, each mapped to
 * the instant of localDate localTime there (contacts without a valid zone use the workspace default), grouped by
 * instant and ordered by it.
 */
async function sendGroups(
  b: {
    timezoneMode: string | null;
    localDate: string | null;
    localTime: string | null;
    workspace: { defaultTimezone: string };
  },
  where: Prisma.Sql,
): Promise<Group[]> {
  if (b.timezoneMode !== "subscriber" || !b.localDate || !b.localTime)
    return [{ dueAt: new Date(), zones: [], unzoned: true, known: null }];
  const rows = await db().$queryRaw<
    { timezone: string | null }[]
  >`SELECT DISTINCT c.timezone FROM "Contact" c WHERE ${where}`;
  const fallback = isTimeZone(b.workspace.defaultTimezone) ? b.workspace.defaultTimezone : "UTC";
  const byInstant = new Map<number, Group>();
  const known = rows.flatMap((r) => (r.timezone && isTimeZone(r.timezone) ? [r.timezone] : []));
  const at = (zone: string) => {
    const t = instantInZone(b.localDate!, b.localTime!, zone).getTime();
    let g = byInstant.get(t);
    if (!g) byInstant.set(t, (g = { dueAt: new Date(t), zones: [], unzoned: false, known }));
    return g;
  };
  for (const { timezone } of rows) if (timezone && isTimeZone(timezone)) at(timezone).zones.push(timezone);
  at(fallback).unzoned = true;
  return [...byInstant.values()].sort((x, y) => x.dueAt.getTime() - y.dueAt.getTime());
}

/** Writes one chunk of recipients and their batches, and the cursor after them. Returns the next cursor. */
async function writeChunk(
  query: Query,
  c: {
    broadcastId: string;
    workspaceId: string;
    where: Prisma.Sql;
    groups: Group[];
    variants: string[];
    testPercent: number;
  },
): Promise<Cursor | null> {
  // The row lock orders this chunk with ab-winner (a winner chosen mid-fan-out applies to the chunks after it) and
  // with another run of this job (a duplicate delivery): the cursor is read under the lock, never from memory, so
  // two runs take turns chunk by chunk and neither writes a chunk twice.
  const { rows: locked } = await query<{ status: string; abWinner: string | null; fanoutCursor: unknown }>(
    `SELECT status, "abWinner", "fanoutCursor" FROM "Broadcast" WHERE id = $1 FOR UPDATE`,
    [c.broadcastId],
  );
  if (locked[0]?.status !== "sending") return null;
  const winner = locked[0].abWinner;
  const cursor = readCursor(locked[0].fanoutCursor);
  const group = c.groups[cursor.group];
  if (!group) return cursor;
  const holdout = c.variants.length > 0 && c.testPercent < 100;
  const { zones, known } = group;
  // A cursor written before `seen` existed (a fan-out under way across the upgrade): count what it wrote.
  const seen = cursor.seen ?? (await writtenSoFar(query, c.broadcastId));
  const zoneCondition =
    known === null
      ? Prisma.sql`TRUE`
      : group.unzoned
        ? Prisma.sql`(c.timezone = ANY(${zones}::text[]) OR c.timezone IS NULL OR NOT (c.timezone = ANY(${known}::text[])))`
        : Prisma.sql`c.timezone = ANY(${zones}::text[])`;
  const statement = Prisma.sql`
    WITH picked AS (
      SELECT c.id, c.email FROM "Contact" c
       WHERE ${c.where} AND ${zoneCondition} AND (${cursor.after}::uuid IS NULL OR c.id > ${cursor.after}::uuid)
       ORDER BY c.id
       LIMIT ${chunkSize()}
    ), split AS (
      SELECT id, email,
             (${c.testPercent}::int >= 100
              OR row_number() OVER (ORDER BY hashtextextended(id::text, ${seedOf(c.broadcastId)}::bigint), id)
                 <= (${c.testPercent}::bigint * (${seen}::bigint + count(*) OVER ()) + 50) / 100 - ${cursor.variantSeq}::bigint
             ) AS in_test -- testGroupSize of the contacts so far, less those already tested
        FROM picked
    ), numbered AS (
      SELECT id, email, in_test,
             row_number() OVER (PARTITION BY in_test ORDER BY id) AS rn,
             count(*) FILTER (WHERE in_test) OVER () AS test_n
        FROM split
    ), ins AS (
      INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "variantId", "batchNo", "abRest")
      SELECT ${c.broadcastId}::uuid, ${c.workspaceId}::uuid, id, email,
             CASE WHEN NOT in_test THEN ${winner}::text
                  WHEN ${c.variants.length}::int = 0 THEN NULL
                  ELSE (${c.variants}::text[])[1 + ((${cursor.variantSeq}::bigint + rn - 1) % ${Math.max(1, c.variants.length)}::int)] END,
             ${cursor.nextBatchNo}::int + CASE WHEN in_test THEN ((rn - 1) / ${BATCH_SIZE})::int
                                                ELSE ((test_n + ${BATCH_SIZE - 1}) / ${BATCH_SIZE} + (rn - 1) / ${BATCH_SIZE})::int END,
             NOT in_test AND ${holdout}::boolean
        FROM numbered
      ON CONFLICT ("broadcastId", "contactId", "runId") DO NOTHING
      RETURNING "batchNo", "variantId"
    )
    SELECT (SELECT coalesce(json_agg(x ORDER BY x.no), '[]'::json) FROM (
              SELECT "batchNo" AS no, bool_or("variantId" IS NULL AND ${holdout}::boolean) AS held, count(*)::int AS size
                FROM ins GROUP BY "batchNo") x) AS batches,
           (SELECT id FROM picked ORDER BY id DESC LIMIT 1) AS last_id,
           (SELECT count(*) FROM picked)::int AS picked,
           (SELECT count(*) FILTER (WHERE in_test) FROM split)::int AS tested`;
  const { rows } = await query<{
    batches: { no: number; held: boolean; size: number }[];
    last_id: string | null;
    picked: number;
    tested: number;
  }>(statement.text, statement.values);
  const r = rows[0]!;
  const batches = r.batches.map((x) => ({ ...x, held: x.held && !winner }));
  const pending = batches.filter((x) => !x.held);
  const due = await reserveSendSlots(
    query,
    c.workspaceId,
    group.dueAt,
    pending.map((x) => x.size),
  );
  const dueOf = new Map(pending.map((x, i) => [x.no, due[i]!]));
  if (batches.length) {
    await query(
      `INSERT INTO "BroadcastBatch" ("broadcastId", "batchNo", "workspaceId", status, "dueAt", size)
       SELECT $1, x.no, $2, x.status::"BroadcastBatchStatus", x.due, x.size
         FROM jsonb_to_recordset($3::jsonb) AS x(no int, status text, due timestamptz, size int)
       ON CONFLICT DO NOTHING`,
      [
        c.broadcastId,
        c.workspaceId,
        JSON.stringify(
          batches.map((x) => ({
            no: x.no,
            status: x.held ? "held" : "pending",
            due: (dueOf.get(x.no) ?? group.dueAt).toISOString(),
            size: x.size,
          })),
        ),
      ],
    );
  }
  const done = r.picked < chunkSize();
  const next: Cursor = {
    group: done ? cursor.group + 1 : cursor.group,
    after: done ? null : r.last_id,
    nextBatchNo: batches.length ? Math.max(...batches.map((x) => x.no)) + 1 : cursor.nextBatchNo,
    variantSeq: cursor.variantSeq + r.tested,
    seen: seen + r.picked,
  };
  await query(`UPDATE "Broadcast" SET "fanoutCursor" = $2::jsonb WHERE id = $1`, [c.broadcastId, JSON.stringify(next)]);
  return next;
}

async function writtenSoFar(query: Query, broadcastId: string): Promise<number> {
  const { rows } = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "BroadcastRecipient" WHERE "broadcastId" = $1`,
    [broadcastId],
  );
  return rows[0]?.n ?? 0;
}

/** A per-broadcast hash seed: the test/holdout split is stable for a broadcast and differs between broadcasts. */
function seedOf(broadcastId: string): string {
  return BigInt.asIntN(64, BigInt(`0x${broadcastId.replace(/-/g, "").slice(0, 16)}`)).toString();
}
