import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { SendingSettings } from "@/lib/schemas/sending-settings";

export const sendingSettingsSelect = {
  postalAddress: true,
  defaultTimezone: true,
  sendRatePerSecond: true,
  defaultFromName: true,
  defaultFromEmail: true,
} as const;

export async function getSendingSettings({ workspaceId }: { workspaceId: string }): Promise<SendingSettings> {
  const row = await db().workspace.findUnique({ where: { id: workspaceId }, select: sendingSettingsSelect });
  if (!row) throw new AppError("NOT_FOUND", "Workspace not found");
  return row;
}
