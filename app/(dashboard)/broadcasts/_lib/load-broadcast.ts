import "server-only";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import { getBroadcastAnalytics } from "@/server/services/broadcasts/get-broadcast-analytics";
import type { BroadcastPageData } from "../[id]/_components/broadcast-view";

/**
 * Everything the broadcast page shows that moves while it sends: the broadcast, and once sending has started its
 * stats and analytics (each a few primary-key reads of the tracking rollups, cheap enough to poll every 2 s).
 */
export async function loadBroadcastPage(workspaceId: string, broadcastId: string): Promise<BroadcastPageData> {
  const broadcast = await getBroadcast({ workspaceId, broadcastId });
  if (broadcast.status !== "sending" && broadcast.status !== "sent") return { broadcast, stats: null, analytics: null };
  const target = { workspaceId, broadcastId };
  const [stats, analytics] = await Promise.all([getBroadcastStats(target), getBroadcastAnalytics(target)]);
  return { broadcast, stats, analytics };
}
