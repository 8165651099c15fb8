import "server-only";
import type { ListBroadcastsQuery } from "@/lib/schemas/broadcasts";
import { listBroadcasts } from "@/server/services/broadcasts/list-broadcasts";
import type { ListRates } from "../_components/broadcast-table";

/** A page of broadcasts and the open and click rates of those that have started sending. */
export async function loadBroadcastList(workspaceId: string, query: ListBroadcastsQuery) {
  const page = await listBroadcasts({ workspaceId, query });
  const rates: ListRates = {};
  return { page, rates };
}
