import { applyAbWinner } from "@/server/sending/ab-winner";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { loadBroadcast, toBroadcast } from "./broadcast-record";

/**
 * Records the winning variant and sends it to the held rest of the audience (the engine checks, under the row lock,
 * that the variant exists (422 on #/variantId), that the test has gone out (sending or sent, else 409) and that no
 * winner was chosen yet (409)).
 */
export async function chooseAbWinner({
  workspaceId,
  broadcastId,
  variantId,
}: {
  workspaceId: string;
  broadcastId: string;
  variantId: string;
}): Promise<Broadcast> {
  // The engine locks any broadcast by id; an automation's step broadcast is not one to the API (404).
  await loadBroadcast(workspaceId, broadcastId);
  await applyAbWinner({ workspaceId, broadcastId, variantId });
  return toBroadcast(await loadBroadcast(workspaceId, broadcastId));
}
