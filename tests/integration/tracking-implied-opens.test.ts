// A click implies an open (server/tracking/rollup-sql.ts): recipients who clicked without their pixel loading count
// as opened, through the real endpoints and rollup, in every figure that reads opens: the broadcast's counters and
// rates, the recipients' first open, the hourly rollup, the timeline (which segments read) and the Event log, and
// the A/B comparison. A scanner's click implies nothing. Before this, 1 open and 9 clicks read as a 900 % CTOR.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import { getBroadcastAnalytics } from "@/server/services/broadcasts/get-broadcast-analytics";
import { getVariantStats } from "@/server/services/broadcasts/get-variant-stats";
import { previewSegment } from "@/server/services/segments/preview-segment";
import { GET as openPixel } from "@/app/(public)/t/o/[token]/route";
import { GET as clickLink } from "@/app/(public)/t/c/[linkId]/[token]/route";
import { makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";

const HUMAN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const SCANNER = "Mimecast-URL-Protect/1.0";

const open = (token: string) =>
  openPixel(new Request(`http://sendwell.test/t/o/${token}`, { headers: { "user-agent": HUMAN } }), {
    params: Promise.resolve({ token }),
  });
const click = (linkId: bigint, token: string, ua = HUMAN) =>
  clickLink(new Request(`http://sendwell.test/t/c/${linkId}/${token}`, { headers: { "user-agent": ua } }), {
    params: Promise.resolve({ linkId: String(linkId), token }),
  });

describe("a click implies an open", () => {
  let workspaceId: string;
  let b: SentBroadcast;

  beforeAll(async () => {
    workspaceId = (await makeWorkspace()).id;
    b = await makeSentBroadcast({ workspaceId, count: 11 });
    await sql(`UPDATE "Broadcast" SET variants = $2 WHERE id = $1`, [
      b.id,
      JSON.stringify([
        { id: "a", subject: "A" },
        { id: "b", subject: "B" },
      ]),
    ]);
    await sql(
      `UPDATE "BroadcastRecipient" SET "variantId" = CASE WHEN id <= $2 THEN 'a' ELSE 'b' END WHERE "broadcastId" = $1`,
      [b.id, b.recipients[4]!.id.toString()],
    );
    const r = b.recipients;
    const link = b.links[0]!.id;
    // r0 loads the pixel and clicks; r1–r8 click with images off; r3 loads them right after its click.
    await open(r[0]!.token);
    await click(link, r[0]!.token);
    for (const x of r.slice(1, 9)) await click(link, x.token);
    await open(r[3]!.token);
    // r9: only a mail scanner, which follows the link. r10: nothing.
    await click(link, r[9]!.token, SCANNER);
    await drain();
    // Later batches: r1 clicks again (no second implied open), r2 finally loads its images (a second open).
    await click(link, r[1]!.token);
    await open(r[2]!.token);
    await drain();
  });

  it("counts clickers as unique opens, so click-to-open never passes 100 %", async () => {
    const stats = await getBroadcastStats({ workspaceId, broadcastId: b.id });
    expect(stats).toMatchObject({
      uniqueOpens: 9, // r0–r8; not the scanner's recipient
      totalOpens: 11, // r0's pixel, 8 implied, r3's and r2's pixels
      machineOpens: 0,
      humanOpens: 11,
      clicked: 9,
      totalClicks: 10,
      clickToOpenRate: 100,
      openRate: 81.82,
    });
    const analytics = await getBroadcastAnalytics({ workspaceId, broadcastId: b.id });
    expect(analytics.stats).toMatchObject({ uniqueOpens: 9, clickToOpenRate: 100 });
    expect(analytics.deliveryFunnel.find((s) => s.stage === "Opened")?.count).toBe(9);
    expect(analytics.engagementOverTime).toEqual([
      { hoursAfterSend: 0, opens: 0, clicks: 0 },
      { hoursAfterSend: 1, opens: 11, clicks: 10 },
    ]);
  });

  it("gives a recipient who only clicked a first open at the click", async () => {
    const rows = await sql<{ openedAt: Date | null; clickedAt: Date | null; openCount: number }>(
      `SELECT "openedAt", "clickedAt", "openCount" FROM "BroadcastRecipient" WHERE "broadcastId" = $1 ORDER BY id`,
      [b.id],
    );
    expect(rows.map((x) => x.openCount)).toEqual([1, 1, 2, 2, 1, 1, 1, 1, 1, 0, 0]);
    expect(rows[1]!.openedAt).toEqual(rows[1]!.clickedAt);
    expect(rows[9]).toMatchObject({ openedAt: null, clickedAt: null });
  });

  it("writes one email.opened to each clicker's timeline and Event log, which segments read", async () => {
    const opened = await sql<{ contactId: string; data: unknown }>(
      `SELECT "contactId", data FROM "ContactActivity" WHERE "broadcastId" = $1 AND type = 'email.opened'`,
      [b.id],
    );
    expect(opened.map((a) => a.contactId).sort()).toEqual(
      b.recipients
        .slice(0, 9)
        .map((x) => x.contactId)
        .sort(),
    );
    expect(new Set(opened.map((a) => JSON.stringify(a.data)))).toEqual(new Set(['{"class":"human"}']));
    const [events] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Event" WHERE "workspaceId" = $1 AND type = 'email.opened'`,
      [workspaceId],
    );
    expect(events!.n).toBe(9);
    const segment = await previewSegment({
      workspaceId,
      rules: { match: "all", conditions: [{ type: "activity", action: "opened", broadcastId: b.id }] },
    });
    expect(segment.contactCount).toBe(9);
  });

  it("counts the implied opens in the A/B variants' figures", async () => {
    const variants = await getVariantStats({ workspaceId, broadcastId: b.id });
    expect(variants?.variants.map((v) => [v.id, v.uniqueOpens, v.clicked])).toEqual([
      ["a", 5, 5],
      ["b", 4, 4],
    ]);
  });
});
