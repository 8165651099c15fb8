// The daily prune of tracking hits: applied events past the retention go, recent ones stay (and so do the numbers
// they made, which live in the rollups).
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { pruneEmailEvents } from "@/server/jobs/prune-email-events";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import { makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast } from "../support/broadcast-rows";

afterAll(() => stopJobSender());

describe("prune-email-events", () => {
  it("deletes applied events older than the retention and keeps the rest and the numbers", async () => {
    const ws = await makeWorkspace();
    const b = await makeSentBroadcast({
      workspaceId: ws.id,
      count: 2,
      sentAt: new Date(Date.now() - 200 * 86_400_000),
    });
    const [r0, r1] = b.recipients;
    const insert = (recipientId: bigint, age: string) =>
      sql<{ seq: string }>(
        `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, class, "createdAt")
         VALUES ($1, $2, $3, 'open', 'human', now() - $4::interval) RETURNING seq`,
        [ws.id, b.id, recipientId.toString(), age],
      );
    const [old] = await insert(r0!.id, "100 days");
    const [recent] = await insert(r1!.id, "1 day");
    await drain();
    await pruneEmailEvents(90 * 86_400_000);
    const left = await sql<{ seq: string }>(`SELECT seq FROM "EmailEvent" WHERE seq = ANY($1::bigint[])`, [
      [old!.seq, recent!.seq],
    ]);
    expect(left.map((r) => r.seq)).toEqual([recent!.seq]);
    expect(await getBroadcastStats({ workspaceId: ws.id, broadcastId: b.id })).toMatchObject({ uniqueOpens: 2 });
  });
});
