import { db } from "@/server/db/client";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { broadcastSelect, refusedMove, toBroadcast } from "./broadcast-record";

/**
 * A scheduled broadcast back to draft, its schedule cleared. Conditional on the status: once the scheduler has
 * moved it to sending (the first message may be leaving), cancel is a 409; pause the send instead.
 */
export async function cancelBroadcast({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<Broadcast> {
  const { count } = await db().broadcast.updateMany({
    where: { id: broadcastId, workspaceId, status: "scheduled", automationId: null },
    data: { status: "draft", scheduledAt: null, timezoneMode: null, localDate: null, localTime: null },
  });
  if (count === 0) return refusedMove(workspaceId, broadcastId, "cancel", ["scheduled"]);
  return toBroadcast(
    await db().broadcast.findFirstOrThrow({ where: { id: broadcastId, workspaceId }, select: broadcastSelect }),
  );
}
