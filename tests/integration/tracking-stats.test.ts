// GET /broadcasts/{id}/stats and /analytics: the shapes (api-spec §2.7), the numbers after a scripted set of hits,
// and the workspace boundary.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { ZBroadcastAnalytics, ZBroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import { call, makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";
import { GET as getStats } from "@/app/api/v1/broadcasts/[id]/stats/route";
import { GET as getAnalytics } from "@/app/api/v1/broadcasts/[id]/analytics/route";
import { GET as openPixel } from "@/app/(public)/t/o/[token]/route";
import { GET as clickLink } from "@/app/(public)/t/c/[linkId]/[token]/route";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const DESKTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const TABLET = "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

const open = (token: string, ua: string) =>
  openPixel(new Request(`http://t/t/o/${token}`, { headers: { "user-agent": ua } }), {
    params: Promise.resolve({ token }),
  });
const click = (linkId: bigint, token: string, ua: string) =>
  clickLink(new Request(`http://t/t/c/${linkId}/${token}`, { headers: { "user-agent": ua } }), {
    params: Promise.resolve({ linkId: String(linkId), token }),
  });

describe("broadcast stats and analytics", () => {
  let ws: Awaited<ReturnType<typeof makeWorkspace>>;
  let b: SentBroadcast;

  beforeAll(async () => {
    ws = await makeWorkspace();
    // 8 recipients, sent 3 hours ago; 12 links so topLinks has to cut at 10.
    const links = Array.from({ length: 12 }, (_, i) => `https://example.com/${String(i).padStart(2, "0")}`);
    b = await makeSentBroadcast({ workspaceId: ws.id, count: 8, links, sentAt: new Date(Date.now() - 3 * 3_600_000) });
    const r = b.recipients;
    // Opens: 3 people, 1 MPP, 1 scanner. Clicks: r0 on 11 links from a phone, r1 twice on link 0 from a desktop,
    // r2 once on link 1 from a tablet.
    await open(r[0]!.token, PHONE);
    await open(r[1]!.token, DESKTOP);
    await open(r[2]!.token, TABLET);
    await open(r[3]!.token, "Mozilla/5.0");
    await open(r[4]!.token, "python-requests/2.31");
    for (const link of b.links.slice(0, 11)) await click(link.id, r[0]!.token, PHONE);
    await click(b.links[0]!.id, r[1]!.token, DESKTOP);
    await click(b.links[0]!.id, r[1]!.token, DESKTOP);
    await click(b.links[1]!.id, r[2]!.token, TABLET);
    // One hard bounce and one unsubscribe, as rows the webhook and the unsubscribe endpoint write.
    await sql(
      `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "bounceType")
       VALUES ($1, $2, $3, 'bounced', 'hard'), ($1, $2, $4, 'unsubscribed', NULL), ($1, $2, $5, 'delivered', NULL),
              ($1, $2, $6, 'delivered', NULL)`,
      [ws.id, b.id, r[7]!.id.toString(), r[6]!.id.toString(), r[0]!.id.toString(), r[1]!.id.toString()],
    );
    await drain();
  });

  it("answers the stats body with counts and rates", async () => {
    const res = await call(getStats, "GET", `/api/v1/broadcasts/${b.id}/stats`, {
      key: ws.readKey,
      params: { id: b.id },
    });
    expect(res.status).toBe(200);
    expect(ZBroadcastStatsBody.strict().parse(res.body)).toEqual({
      broadcastId: b.id,
      status: "sent",
      recipientCount: 8,
      sent: 8,
      failed: 0,
      pending: 0,
      delivered: 2,
      uniqueOpens: 4,
      totalOpens: 5,
      machineOpens: 1,
      humanOpens: 4,
      mppAffected: 1,
      clicked: 3,
      totalClicks: 14,
      bounced: 1,
      hardBounces: 1,
      softBounces: 0,
      complained: 0,
      unsubscribed: 1,
      openRate: 57.14, // 4 / (8 − 1)
      clickRate: 42.86, // 3 / 7
      clickToOpenRate: 75,
      deliveryRate: 25,
      bounceRate: 12.5,
      complaintRate: 0,
      unsubRate: 14.29,
      abTest: null, // no variants
    });
  });

  it("answers exactly the §2.7 analytics shape", async () => {
    const res = await call(getAnalytics, "GET", `/api/v1/broadcasts/${b.id}/analytics`, {
      key: ws.readKey,
      params: { id: b.id },
    });
    expect(res.status).toBe(200);
    const body = ZBroadcastAnalytics.strict().parse(res.body);
    expect(Object.keys(body.stats).sort()).toEqual(
      [
        "sent",
        "delivered",
        "uniqueOpens",
        "totalOpens",
        "machineOpens",
        "clicked",
        "bounced",
        "hardBounces",
        "softBounces",
        "unsubscribed",
        "mppAffected",
        "openRate",
        "clickRate",
        "clickToOpenRate",
        "deliveryRate",
        "hardBounceRate",
        "unsubRate",
      ].sort(),
    );
    expect(body.stats).toMatchObject({ hardBounceRate: 12.5, openRate: 57.14, clickToOpenRate: 75 });
    // Every hit came 3 hours after the send: hours 0–2 are zeros, so the chart's axis is time.
    expect(body.engagementOverTime).toEqual([
      { hoursAfterSend: 0, opens: 0, clicks: 0 },
      { hoursAfterSend: 1, opens: 0, clicks: 0 },
      { hoursAfterSend: 2, opens: 0, clicks: 0 },
      { hoursAfterSend: 3, opens: 4, clicks: 14 },
    ]);
    expect(body.deliveryFunnel).toEqual([
      { stage: "Sent", count: 8 },
      { stage: "Delivered", count: 2 },
      { stage: "Opened", count: 4 },
      { stage: "Clicked", count: 3 },
    ]);
    expect(body.clicksByDevice).toEqual([
      { device: "Mobile", count: 11, pct: 78.57 },
      { device: "Desktop", count: 2, pct: 14.29 },
      { device: "Tablet", count: 1, pct: 7.14 },
    ]);
    expect(body.topLinks).toHaveLength(10);
    expect(body.topLinks.slice(0, 3)).toEqual([
      { url: "https://example.com/00", totalClicks: 3, uniqueClicks: 2 },
      { url: "https://example.com/01", totalClicks: 2, uniqueClicks: 2 },
      { url: "https://example.com/02", totalClicks: 1, uniqueClicks: 1 },
    ]);
  });

  it("answers zeros, not errors, for a broadcast nobody has engaged with yet", async () => {
    const quiet = await makeSentBroadcast({ workspaceId: ws.id, count: 0, links: [] });
    const res = await call(getAnalytics, "GET", `/api/v1/broadcasts/${quiet.id}/analytics`, {
      key: ws.readKey,
      params: { id: quiet.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.stats.openRate).toBe(0);
    expect(res.body.engagementOverTime).toEqual([]);
    expect(res.body.clicksByDevice).toEqual([]);
    expect(res.body.topLinks).toEqual([]);
  });

  it("answers 404 for another workspace's broadcast and for an unknown id", async () => {
    const other = await makeWorkspace();
    for (const handler of [getStats, getAnalytics]) {
      for (const id of [b.id, "00000000-0000-4000-8000-000000000000"]) {
        const res = await call(handler, "GET", `/api/v1/broadcasts/${id}/x`, { key: other.readKey, params: { id } });
        expect(res.status).toBe(404);
        expect(res.headers.get("content-type")).toBe("application/problem+json");
      }
    }
  });
});
