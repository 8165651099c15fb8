// A broadcast's delivery and engagement counts (GET /broadcasts/{id}/stats): constant time at any audience size,
// except an A/B test's per-variant figures (abTest), which group the recipients.
import "server-only";
import type { BroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import { loadBroadcastCounters, percent, reached } from "./broadcast-counters";
import { getVariantStats } from "./get-variant-stats";

export async function getBroadcastStats({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<BroadcastStatsBody> {
  const c = await loadBroadcastCounters(workspaceId, broadcastId);
  const abTest = await getVariantStats({ workspaceId, broadcastId });
  const base = reached(c);
  return {
    broadcastId,
    status: c.status,
    recipientCount: c.recipientCount,
    sent: c.sent,
    failed: c.failed,
    pending: Math.max(0, c.recipientCount - c.sent - c.failed),
    delivered: c.delivered,
    uniqueOpens: c.uniqueOpens,
    totalOpens: c.totalOpens,
    machineOpens: c.machineOpens,
    humanOpens: Math.max(0, c.totalOpens - c.machineOpens),
    mppAffected: c.mppAffected,
    clicked: c.clicked,
    totalClicks: c.totalClicks,
    bounced: c.bounced,
    hardBounces: c.hardBounces,
    softBounces: c.softBounces,
    complained: c.complained,
    unsubscribed: c.unsubscribed,
    openRate: percent(c.uniqueOpens, base),
    clickRate: percent(c.clicked, base),
    clickToOpenRate: percent(c.clicked, c.uniqueOpens),
    deliveryRate: percent(c.delivered, c.sent),
    bounceRate: percent(c.bounced, c.sent),
    complaintRate: percent(c.complained, base),
    unsubRate: percent(c.unsubscribed, base),
    abTest,
  };
}
