// A broadcast's analytics (GET /broadcasts/{id}/analytics, api-spec §2.7), read from the tracking rollups only:
// the counters row, hourly and device rows and the broadcast's links, each a primary-key range of a few dozen rows,
// so a broadcast to a million people answers as fast as one to ten.
import "server-only";
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { sql } from "@/server/db/pool";
import { loadBroadcastCounters, percent, reached } from "./broadcast-counters";

const TOP_LINKS = 10;

export async function getBroadcastAnalytics({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<BroadcastAnalytics> {
  // The counters read first: it is also the workspace check (404) before anything else is read.
  const c = await loadBroadcastCounters(workspaceId, broadcastId);
  const [hours, devices, links] = await Promise.all([
    sql<{ hoursAfterSend: number; opens: number; clicks: number }>(
      `SELECT "hoursAfterSend", opens, clicks FROM "BroadcastHourlyStats" WHERE "broadcastId" = $1
        ORDER BY "hoursAfterSend"`,
      [broadcastId],
    ),
    sql<{ device: string; count: number }>(
      `SELECT device, clicks AS count FROM "BroadcastDeviceStats" WHERE "broadcastId" = $1 AND clicks > 0
        ORDER BY clicks DESC, device`,
      [broadcastId],
    ),
    // One URL may sit at several positions or in several A/B variants: it is one link to the marketer. Each
    // recipient received one variant, so unique clicks add up across them.
    sql<{ url: string; totalClicks: number; uniqueClicks: number }>(
      `SELECT url, sum("totalClicks")::int AS "totalClicks", sum("uniqueClicks")::int AS "uniqueClicks"
         FROM "BroadcastLink" WHERE "broadcastId" = $1
        GROUP BY url HAVING sum("totalClicks") > 0
        ORDER BY 2 DESC, 3 DESC, url LIMIT ${TOP_LINKS}`,
      [broadcastId],
    ),
  ]);
  const base = reached(c);
  const deviceClicks = devices.reduce((sum, d) => sum + d.count, 0);
  return {
    stats: {
      sent: c.sent,
      delivered: c.delivered,
      uniqueOpens: c.uniqueOpens,
      totalOpens: c.totalOpens,
      machineOpens: c.machineOpens,
      clicked: c.clicked,
      bounced: c.bounced,
      hardBounces: c.hardBounces,
      softBounces: c.softBounces,
      unsubscribed: c.unsubscribed,
      mppAffected: c.mppAffected,
      openRate: percent(c.uniqueOpens, base),
      clickRate: percent(c.clicked, base),
      clickToOpenRate: percent(c.clicked, c.uniqueOpens),
      deliveryRate: percent(c.delivered, c.sent),
      hardBounceRate: percent(c.hardBounces, c.sent),
      unsubRate: percent(c.unsubscribed, base),
    },
    engagementOverTime: everyHour(hours),
    deliveryFunnel: [
      { stage: "Sent", count: c.sent },
      { stage: "Delivered", count: c.delivered },
      { stage: "Opened", count: c.uniqueOpens },
      { stage: "Clicked", count: c.clicked },
    ],
    clicksByDevice: devices.map((d) => ({ device: d.device, count: d.count, pct: percent(d.count, deviceClicks) })),
    topLinks: links,
  };
}

/** Hours 0 to the last one with activity, the quiet ones as zeros, so a chart's axis is time. */
function everyHour(rows: { hoursAfterSend: number; opens: number; clicks: number }[]) {
  const last = rows.at(-1)?.hoursAfterSend ?? -1;
  const byHour = new Map(rows.map((r) => [r.hoursAfterSend, r]));
  return Array.from({ length: last + 1 }, (_, hour) => {
    const r = byHour.get(hour);
    return { hoursAfterSend: hour, opens: r?.opens ?? 0, clicks: r?.clicks ?? 0 };
  });
}
