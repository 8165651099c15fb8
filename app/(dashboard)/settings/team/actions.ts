"use server";
// Settings → Team. Inviting and managing members needs `team` (owners and admins); the transfer needs `ownership`;
// leaving needs only `workspace`, so a member can leave without opening this page (the workspace menu calls it).
import { dashboardAction } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { ZChangeMemberRole, ZInvitationId, ZInviteMember, ZRemoveMember, ZTransferOwnership } from "@/lib/schemas/team";
import { z } from "zod";
import { inviteMember, resendInvitation, revokeInvitation } from "@/server/services/team/invitations";
import { changeMemberRole, leaveWorkspace, removeMember, transferOwnership } from "@/server/services/team/members";

export const inviteMemberAction = dashboardAction("team", ZInviteMember, async (input, { userId, workspace }) =>
  inviteMember({ ...input, workspaceId: workspace.id, actorId: userId, actorRole: workspace.role }),
);

export const resendInvitationAction = dashboardAction("team", ZInvitationId, async ({ id }, { userId, workspace }) =>
  resendInvitation({ id, workspaceId: workspace.id, actorId: userId, actorRole: workspace.role }),
);

export const revokeInvitationAction = dashboardAction("team", ZInvitationId, async ({ id }, { userId, workspace }) =>
  revokeInvitation({ id, workspaceId: workspace.id, actorId: userId, actorRole: workspace.role }),
);

export const changeMemberRoleAction = dashboardAction("team", ZChangeMemberRole, async (input, { userId, workspace }) =>
  changeMemberRole({ ...input, workspaceId: workspace.id, actorId: userId }),
);

export const removeMemberAction = dashboardAction("team", ZRemoveMember, async (input, { userId, workspace }) =>
  removeMember({ ...input, workspaceId: workspace.id, actorId: userId }),
);

export const transferOwnershipAction = dashboardAction(
  "ownership",
  ZTransferOwnership,
  async ({ userId: toUserId, confirmName }, { userId, workspace }) => {
    if (confirmName.trim() !== workspace.name.trim())
      throw new AppError("VALIDATION", "Type the workspace's name to confirm.", [
        { pointer: "#/confirmName", detail: `Type ${workspace.name} exactly.` },
      ]);
    return transferOwnership({ workspaceId: workspace.id, actorId: userId, userId: toUserId });
  },
);

/** Leaves the current workspace. The switcher's cookie may still name it: currentWorkspace then falls back to the
 * first workspace left, so nothing needs clearing (and the action works outside a request's cookie store). */
export const leaveWorkspaceAction = dashboardAction("workspace", z.object({}), async (_input, { userId, workspace }) =>
  leaveWorkspace({ workspaceId: workspace.id, userId }),
);
