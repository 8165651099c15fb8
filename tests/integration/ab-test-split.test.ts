// The A/B split through the real fan-out (server/sending/fan-out.ts, lib/ab-split.ts): exactly round(share ×
// audience) contacts get the test, evenly over the variants, however the audience falls into fan-out chunks; the
// rest is held (abRest) and, once the winner is chosen, gets it as its own send that the report keeps apart from the
// test's results. 40 % of 140 used to send 60 (a per-contact hash bucket only approximates the share).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { applyAbWinner } from "@/server/sending/ab-winner";
import { getVariantStats } from "@/server/services/broadcasts/get-variant-stats";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import { abSplit } from "@/lib/ab-split";
import { makeWorkspace } from "../support/fixtures";
import { makeBroadcast, manyContacts, seedContacts, sendNow } from "../support/sending";

const VARIANTS = [
  { id: "a", subject: "Subject A" },
  { id: "b", subject: "Subject B" },
];

const split = (broadcastId: string) =>
  sql<{ variantId: string | null; rest: boolean; n: number }>(
    `SELECT "variantId", "abRest" AS rest, count(*)::int AS n FROM "BroadcastRecipient" WHERE "broadcastId" = $1
      GROUP BY 1, 2 ORDER BY 2, 1`,
    [broadcastId],
  );

beforeAll(() => {
  // Chunks of 30: the 140 contacts fan out in five chunks of uneven test shares.
  process.env.SEND_FANOUT_CHUNK = "30";
});
afterAll(() => stopJobSender());

describe("the A/B test group", () => {
  it("is exactly round(share × audience), split evenly, with the rest held", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("split", 140));
    const b = await makeBroadcast(ws.id, { variants: VARIANTS, abTestPercent: 40 });
    await sendNow(b);
    expect(await split(b.id)).toEqual([
      { variantId: "a", rest: false, n: 28 },
      { variantId: "b", rest: false, n: 28 },
      { variantId: null, rest: true, n: 84 },
    ]);
    // What the Send-now confirmation states for the same audience.
    expect(abSplit(140, 40, 2)).toEqual({ perVariant: [28, 28], rest: 84 });
    const [batches] = await sql<{ held: number; pending: number }>(
      `SELECT coalesce(sum(size) FILTER (WHERE status = 'held'), 0)::int AS held,
              coalesce(sum(size) FILTER (WHERE status = 'pending'), 0)::int AS pending
         FROM "BroadcastBatch" WHERE "broadcastId" = $1`,
      [b.id],
    );
    expect(batches).toEqual({ held: 84, pending: 56 });

    await applyAbWinner({ workspaceId: ws.id, broadcastId: b.id, variantId: "b" });
    expect(await split(b.id)).toEqual([
      { variantId: "a", rest: false, n: 28 },
      { variantId: "b", rest: false, n: 28 },
      { variantId: "b", rest: true, n: 84 },
    ]);
    const stats = await getVariantStats({ workspaceId: ws.id, broadcastId: b.id });
    expect(stats?.variants.map((v) => [v.id, v.recipients])).toEqual([
      ["a", 28],
      ["b", 28],
    ]);
    expect(stats?.winnerSend).toMatchObject({ id: "b", subject: "Subject B", recipients: 84 });
    expect(stats?.held).toBe(0);
    // The API's stats carry the same figures.
    expect((await getBroadcastStats({ workspaceId: ws.id, broadcastId: b.id })).abTest).toEqual(stats);
  });

  it("rounds halves up and gives the first variants the odd ones", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("odd", 70));
    const b = await makeBroadcast(ws.id, {
      variants: [...VARIANTS, { id: "c", subject: "Subject C" }],
      abTestPercent: 15, // 10.5 → 11: 4, 4, 3
    });
    await sendNow(b);
    expect(await split(b.id)).toEqual([
      { variantId: "a", rest: false, n: 4 },
      { variantId: "b", rest: false, n: 4 },
      { variantId: "c", rest: false, n: 3 },
      { variantId: null, rest: true, n: 59 },
    ]);
    expect(abSplit(70, 15, 3)).toEqual({ perVariant: [4, 4, 3], rest: 59 });
  });
});
