import { db } from "@/server/db/client";
import type { SendingSettings } from "@/lib/schemas/sending-settings";
import { sendingSettingsSelect } from "./get-sending-settings";

/** Replaces the workspace's sending settings as a whole: the settings form always sends every field. */
export async function updateSendingSettings({
  workspaceId,
  input,
}: {
  workspaceId: string;
  input: SendingSettings;
}): Promise<SendingSettings> {
  return db().workspace.update({ where: { id: workspaceId }, data: input, select: sendingSettingsSelect });
}
