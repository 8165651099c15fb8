import { startSending } from "@/server/sending/start-sending";
import type { SendAccepted } from "@/lib/schemas/broadcasts";
import { illegalMove } from "@/server/state-moves";
import { loadBroadcast } from "./broadcast-record";
import { checkReadiness } from "./readiness";

const SENDABLE = ["draft", "scheduled"] as const;

/**
 * Queues the send and answers at once (the worker fans out and sends). A broadcast that is not ready gets one 422
 * listing every missing piece; the status move itself is the engine's one conditional UPDATE, so two sends racing
 * (or a send racing the scheduler) start it once and the other gets a 409.
 */
export async function sendBroadcast({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<SendAccepted> {
  const current = await loadBroadcast(workspaceId, broadcastId);
  if (!(SENDABLE as readonly string[]).includes(current.status))
    throw illegalMove("broadcast", "send", current.status, SENDABLE);
  const recipientCount = await checkReadiness(current);
  await startSending({ workspaceId, broadcastId, from: [...SENDABLE], recipientCount });
  return {
    id: broadcastId,
    status: "sending",
    message: `Queued for sending to ${recipientCount} recipient${recipientCount === 1 ? "" : "s"}.`,
    recipientCount,
  };
}
