// The daily prune of tracking hits: a month of applied events entirely past the retention goes with its partition,
// recent ones stay (and so do the numbers they made, which live in the rollups), events the rollup has not applied
// stay whatever their age (email-event-partitions.test.ts), and running it again changes nothing.
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { pruneEmailEvents } from "@/server/jobs/prune-email-events";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import {
  DEFAULT_PARTITION,
  ensureEmailEventPartitions,
  monthOf,
  partitionName,
} from "@/server/tracking/email-event-partitions";
import { makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast } from "../support/broadcast-rows";

afterAll(() => stopJobSender());

const DAY = 86_400_000;

describe("prune-email-events", () => {
  it("drops the partitions of applied months past the retention and keeps the rest and the numbers", async () => {
    const ws = await makeWorkspace();
    const b = await makeSentBroadcast({ workspaceId: ws.id, count: 2, sentAt: new Date(Date.now() - 300 * DAY) });
    const [r0, r1] = b.recipients;
    const insert = (recipientId: bigint, days: number) =>
      sql<{ seq: string; partition: string }>(
        `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, class, "createdAt")
         VALUES ($1, $2, $3, 'open', 'human', now() - make_interval(days => $4))
         RETURNING seq, tableoid::regclass::text AS partition`,
        [ws.id, b.id, recipientId.toString(), days],
      );
    // 200 days back is a month wholly before a 90-day cutoff, whatever today's date.
    const [old] = await insert(r0!.id, 200);
    const [recent] = await insert(r1!.id, 1);
    const oldMonth = partitionName(monthOf(new Date(Date.now() - 200 * DAY)));
    // No partition for that month yet (nobody created one): the row waits in the default partition until the
    // maintenance job gives the month its partition.
    expect(old!.partition.replace(/"/g, "")).toBe(DEFAULT_PARTITION);
    await ensureEmailEventPartitions();
    const [moved] = await sql<{ partition: string }>(
      `SELECT tableoid::regclass::text AS partition FROM "EmailEvent" WHERE seq = $1`,
      [old!.seq],
    );
    expect(moved!.partition.replace(/"/g, "")).toBe(oldMonth);
    await drain();

    const pruned = await pruneEmailEvents(90 * DAY);
    expect(pruned.dropped).toContain(oldMonth);
    const left = await sql<{ seq: string }>(`SELECT seq FROM "EmailEvent" WHERE seq = ANY($1::bigint[])`, [
      [old!.seq, recent!.seq],
    ]);
    expect(left.map((r) => r.seq)).toEqual([recent!.seq]);
    expect(await sql(`SELECT to_regclass($1) AS t`, [`"${oldMonth}"`])).toEqual([{ t: null }]);
    expect(await getBroadcastStats({ workspaceId: ws.id, broadcastId: b.id })).toMatchObject({ uniqueOpens: 2 });

    // Idempotent: nothing left to drop, the current month and the ones ahead untouched.
    const again = await pruneEmailEvents(90 * DAY);
    expect(again.dropped).not.toContain(oldMonth);
    expect(again.dropped).not.toContain(partitionName(monthOf(new Date())));
    expect(await sql(`SELECT seq FROM "EmailEvent" WHERE seq = $1`, [recent!.seq])).toHaveLength(1);
  });

  it("still deletes applied rows past the retention from the default partition, row by row", async () => {
    const ws = await makeWorkspace();
    const b = await makeSentBroadcast({ workspaceId: ws.id, count: 1, sentAt: new Date(Date.now() - 300 * DAY) });
    // 1980: a month nobody has a partition for (and no maintenance run in between here).
    const [row] = await sql<{ seq: string; partition: string }>(
      `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, class, "createdAt")
       VALUES ($1, $2, $3, 'open', 'human', '1980-05-05T00:00:00Z')
       RETURNING seq, tableoid::regclass::text AS partition`,
      [ws.id, b.id, b.recipients[0]!.id.toString()],
    );
    expect(row!.partition.replace(/"/g, "")).toBe(DEFAULT_PARTITION);
    await drain();
    const pruned = await pruneEmailEvents(90 * DAY);
    // Deleted from the default partition, unless a maintenance run of another test file moved it to its month first.
    expect(pruned.deleted >= 1 || pruned.dropped.includes("EmailEvent_1980_05")).toBe(true);
    expect(await sql(`SELECT seq FROM "EmailEvent" WHERE seq = $1`, [row!.seq])).toEqual([]);
  });
});
