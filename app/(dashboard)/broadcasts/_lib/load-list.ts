import "server-only";
import type { ListBroadcastsQuery } from "@/lib/schemas/broadcasts";
import { listBroadcasts } from "@/server/services/broadcasts/list-broadcasts";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import type { ListRates } from "../_components/broadcast-table";

/**
 * A page of broadcasts and the open and click rates of those that have started sending. One counters read per
 * started broadcast on the page (at most 100, primary-key reads); drafts and scheduled ones have nothing to count.
 */
export async function loadBroadcastList(workspaceId: string, query: ListBroadcastsQuery) {
  const page = await listBroadcasts({ workspaceId, query });
  const started = page.data.filter((b) => b.status === "sending" || b.status === "sent");
  const stats = await Promise.all(started.map((b) => getBroadcastStats({ workspaceId, broadcastId: b.id })));
  const rates: ListRates = Object.fromEntries(
    stats.map((s) => [s.broadcastId, { openRate: s.openRate, clickRate: s.clickRate }]),
  );
  return { page, rates };
}
