import type { Broadcast } from "@/lib/schemas/broadcasts";
import { loadBroadcast, toBroadcast } from "./broadcast-record";

export async function getBroadcast({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<Broadcast> {
  return toBroadcast(await loadBroadcast(workspaceId, broadcastId));
}
