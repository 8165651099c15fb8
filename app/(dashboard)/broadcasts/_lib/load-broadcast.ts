import "server-only";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import type { BroadcastAnalytics, BroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import type { VariantStats } from "@/lib/broadcast-report";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import { getBroadcastAnalytics } from "@/server/services/broadcasts/get-broadcast-analytics";
import { getVariantStats } from "@/server/services/broadcasts/get-variant-stats";
import {
  countSuppressedRecipients,
  type SuppressedCounts,
} from "@/server/services/deliverability/count-suppressed-recipients";

/** Stats, analytics and the A/B comparison once sending has started (before that there is nothing to count). */
export type BroadcastPageData = {
  broadcast: Broadcast;
  stats: BroadcastStatsBody | null;
  analytics: BroadcastAnalytics | null;
  variants: VariantStats | null;
  /** Recipients a deliverability rule suppressed on this broadcast's bounces and complaints, by rule. */
  suppressed: SuppressedCounts | null;
};

/**
 * Everything the broadcast report shows that moves while it sends: the broadcast, and once sending has started its
 * stats and analytics (each a few primary-key reads of the tracking rollups, cheap enough to poll every 2 s) and,
 * for an A/B broadcast only, the variants (the one read that groups the recipients).
 */
export async function loadBroadcastPage(workspaceId: string, broadcastId: string): Promise<BroadcastPageData> {
  return loadBroadcastFigures(workspaceId, await getBroadcast({ workspaceId, broadcastId }));
}

export async function loadBroadcastFigures(workspaceId: string, broadcast: Broadcast): Promise<BroadcastPageData> {
  if (broadcast.status !== "sending" && broadcast.status !== "sent") {
    return { broadcast, stats: null, analytics: null, variants: null, suppressed: null };
  }
  const target = { workspaceId, broadcastId: broadcast.id };
  const [stats, analytics, variants, suppressed] = await Promise.all([
    getBroadcastStats(target),
    getBroadcastAnalytics(target),
    broadcast.variants.length ? getVariantStats(target) : null,
    countSuppressedRecipients(target),
  ]);
  return { broadcast, stats, analytics, variants, suppressed };
}
