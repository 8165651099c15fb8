"use server";
import { ZSendingSettings } from "@/lib/schemas/sending-settings";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { updateSendingSettings } from "@/server/services/workspaces/update-sending-settings";

export const updateSendingSettingsAction = dashboardAction(
  "workspaceSettings",
  ZSendingSettings,
  async (input, { workspace }) => updateSendingSettings({ workspaceId: workspace.id, input }),
);
