"use server";
// Settings → Workspace. Name and sending defaults need `workspaceSettings` (owners and admins); deleting the
// workspace needs `ownership` (the owner alone), and the service checks the role again under the workspace's lock.
import { cookies } from "next/headers";
import { z } from "zod";
import { ZWorkspaceName } from "@/lib/schemas/account";
import { ZSendingSettings } from "@/lib/schemas/sending-settings";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import { deleteWorkspace } from "@/server/services/workspaces/delete-workspace";
import { renameWorkspace } from "@/server/services/workspaces/rename-workspace";
import { updateSendingSettings } from "@/server/services/workspaces/update-sending-settings";

export const updateSendingSettingsAction = dashboardAction(
  "workspaceSettings",
  ZSendingSettings,
  async (input, { workspace }) => updateSendingSettings({ workspaceId: workspace.id, input }),
);

export const renameWorkspaceAction = dashboardAction(
  "workspaceSettings",
  z.strictObject({ name: ZWorkspaceName }),
  async ({ name }, { workspace }) => renameWorkspace({ workspaceId: workspace.id, name }),
);

export const deleteWorkspaceAction = dashboardAction(
  "ownership",
  z.strictObject({ confirmName: z.string().max(200) }),
  async ({ confirmName }, { workspace, userId }) => {
    const result = await deleteWorkspace({ workspaceId: workspace.id, actorId: userId, confirmName });
    // The next page opens the person's first remaining workspace, or offers to create one when none is left.
    (await cookies()).delete(WORKSPACE_COOKIE);
    return result;
  },
);
