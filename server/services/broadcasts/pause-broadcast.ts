import { pauseSending, resumeSending } from "@/server/sending/pause-resume";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { loadBroadcast, toBroadcast } from "./broadcast-record";

/**
 * Pause or resume a send in progress (the engine does the move under the broadcast's row lock; 409 unless it is
 * sending, or when it already is paused / not paused). Answers the broadcast as it is afterwards.
 */
export async function setBroadcastPaused({
  workspaceId,
  broadcastId,
  paused,
}: {
  workspaceId: string;
  broadcastId: string;
  paused: boolean;
}): Promise<Broadcast> {
  // The engine's pause takes any sending broadcast; an automation's step broadcast is not one to the API (404).
  await loadBroadcast(workspaceId, broadcastId);
  await (paused ? pauseSending : resumeSending)({ workspaceId, broadcastId });
  return toBroadcast(await loadBroadcast(workspaceId, broadcastId));
}
