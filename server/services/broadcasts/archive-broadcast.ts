import { db } from "@/server/db/client";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { illegalMove } from "@/server/state-moves";
import { broadcastNotFound, broadcastSelect, toBroadcast } from "./broadcast-record";

const ARCHIVABLE = ["draft", "scheduled", "sent"] as const;

/**
 * Archiving only hides a broadcast from the default list (`archived=false`); its status, schedule and statistics
 * stay as they are. Not while sending: the progress of a send in flight should stay in sight.
 */
export async function setBroadcastArchived({
  workspaceId,
  broadcastId,
  archived,
}: {
  workspaceId: string;
  broadcastId: string;
  archived: boolean;
}): Promise<Broadcast> {
  const verb = archived ? "archive" : "unarchive";
  // Archiving again keeps the first archivedAt; unarchiving an unarchived broadcast changes nothing.
  const { count } = await db().broadcast.updateMany({
    where: {
      id: broadcastId,
      workspaceId,
      automationId: null,
      status: { in: [...ARCHIVABLE] },
      ...(archived ? { archivedAt: null } : { archivedAt: { not: null } }),
    },
    data: { archivedAt: archived ? new Date() : null },
  });
  const row = await db().broadcast.findFirst({
    where: { id: broadcastId, workspaceId, automationId: null },
    select: broadcastSelect,
  });
  if (!row) throw broadcastNotFound();
  if (count === 0 && row.status === "sending") throw illegalMove("broadcast", verb, row.status, ARCHIVABLE);
  return toBroadcast(row);
}
