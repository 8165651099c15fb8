import { db } from "@/server/db/client";
import { refusedMove } from "./broadcast-record";

/** Only drafts: a scheduled one is cancelled first, and what has been sent stays for its statistics (archive it). */
export async function deleteBroadcast({ workspaceId, broadcastId }: { workspaceId: string; broadcastId: string }) {
  const { count } = await db().broadcast.deleteMany({ where: { id: broadcastId, workspaceId, status: "draft" } });
  if (count === 0) await refusedMove(workspaceId, broadcastId, "delete", ["draft"]);
}
