// The report's A/B comparison (server/services/broadcasts/get-variant-stats.ts): one row per variant in the
// broadcast's order with counts and rates from the test group's recipients, the held rest, the winner once chosen
// (by hand, through the engine) and its send to the rest apart, null for a broadcast without variants, and the workspace boundary.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { getVariantStats } from "@/server/services/broadcasts/get-variant-stats";
import { chooseAbWinner } from "@/server/services/broadcasts/choose-ab-winner";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";

const VARIANTS = [
  { id: "b", subject: "Second subject" },
  { id: "a", subject: "First subject" },
];

describe("getVariantStats", () => {
  let ws: Awaited<ReturnType<typeof makeWorkspace>>;
  let other: Awaited<ReturnType<typeof makeWorkspace>>;
  let ab: SentBroadcast;

  beforeAll(async () => {
    [ws, other] = await Promise.all([makeWorkspace(), makeWorkspace()]);
    // 10 recipients: 4 got variant a, 4 got b, 2 are held for the winner (queued, no variant).
    ab = await makeSentBroadcast({ workspaceId: ws.id, count: 10 });
    await sql(`UPDATE "Broadcast" SET status = 'sending', variants = $2, "abTestPercent" = 80 WHERE id = $1`, [
      ab.id,
      JSON.stringify(VARIANTS),
    ]);
    const ids = ab.recipients.map((r) => r.id.toString());
    const set = (rows: string[], assignments: string) =>
      sql(`UPDATE "BroadcastRecipient" SET ${assignments} WHERE id = ANY($1::bigint[])`, [rows]);
    await set(ids.slice(0, 4), `"variantId" = 'a'`);
    await set(ids.slice(4, 8), `"variantId" = 'b'`);
    await set(ids.slice(8), `"variantId" = NULL, "abRest" = true, status = 'queued', "sentAt" = NULL`);
    // a: 3 opened (one of them bounced first, so the base is 3), 1 clicked. b: 1 opened, 1 clicked.
    await set(ids.slice(0, 3), `"openedAt" = now()`);
    await set([ids[0]!], `"clickedAt" = now()`);
    await set([ids[3]!], `"bouncedAt" = now(), "bounceType" = 'hard'`);
    await set([ids[4]!], `"openedAt" = now(), "clickedAt" = now()`);
  });

  it("compares the variants in the broadcast's order, with the held rest and no winner yet", async () => {
    const stats = await getVariantStats({ workspaceId: ws.id, broadcastId: ab.id });
    expect(stats).toEqual({
      variants: [
        {
          id: "b",
          subject: "Second subject",
          recipients: 4,
          sent: 4,
          uniqueOpens: 1,
          openRate: 25,
          clicked: 1,
          clickRate: 25,
        },
        {
          id: "a",
          subject: "First subject",
          recipients: 4,
          sent: 4,
          uniqueOpens: 3,
          openRate: 100,
          clicked: 1,
          clickRate: 33.33,
        },
      ],
      held: 2,
      winnerSend: null,
      winner: null,
      winnerAt: null,
      metric: null,
      afterMinutes: null,
    });
  });

  it("shows the winner once chosen, and its send to the held rest apart from the test's results", async () => {
    await chooseAbWinner({ workspaceId: ws.id, broadcastId: ab.id, variantId: "a" });
    // The winner's send goes out: one of the two opens it.
    await sql(
      `UPDATE "BroadcastRecipient" SET status = 'sent', "sentAt" = now() WHERE "broadcastId" = $1 AND "abRest"`,
      [ab.id],
    );
    await sql(
      `UPDATE "BroadcastRecipient" SET "openedAt" = now()
        WHERE id = (SELECT min(id) FROM "BroadcastRecipient" WHERE "broadcastId" = $1 AND "abRest")`,
      [ab.id],
    );
    const stats = await getVariantStats({ workspaceId: ws.id, broadcastId: ab.id });
    expect(stats?.winner).toBe("a");
    expect(stats?.winnerAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(stats?.held).toBe(0);
    expect(stats?.variants.map((v) => [v.id, v.recipients, v.sent, v.uniqueOpens, v.openRate])).toEqual([
      ["b", 4, 4, 1, 25],
      ["a", 4, 4, 3, 100],
    ]);
    expect(stats?.winnerSend).toEqual({
      id: "a",
      subject: "First subject",
      recipients: 2,
      sent: 2,
      uniqueOpens: 1,
      openRate: 50,
      clicked: 0,
      clickRate: 0,
    });
  });

  it("is null for a broadcast without variants", async () => {
    const plain = await makeSentBroadcast({ workspaceId: ws.id, count: 2 });
    expect(await getVariantStats({ workspaceId: ws.id, broadcastId: plain.id })).toBeNull();
  });

  it("does not find another workspace's broadcast", async () => {
    await expect(getVariantStats({ workspaceId: other.id, broadcastId: ab.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
