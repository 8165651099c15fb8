import "server-only";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import type { BroadcastPageData } from "../[id]/_components/broadcast-view";

/** Everything the broadcast page shows that moves while it sends: the broadcast itself and its analytics. */
export async function loadBroadcastPage(workspaceId: string, broadcastId: string): Promise<BroadcastPageData> {
  const broadcast = await getBroadcast({ workspaceId, broadcastId });
  return { broadcast, analytics: null };
}
