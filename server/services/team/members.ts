// Changing a member's role, removing a member, leaving, and transferring ownership. Each runs under the workspace
// row's lock (workspace-lock.ts) and re-reads the actor's role there: the session's copy may be a moment old, and
// a racing transfer must find the owner it expects or be refused.
import { AppError } from "@/server/errors";
import { db } from "@/server/db/client";
import { canManageRole, roleWithArticle, type Role } from "@/lib/permissions";
import { currentRole, lockWorkspace } from "./workspace-lock";

type Actor = { workspaceId: string; actorId: string };

const targetMembership = async (
  tx: Parameters<typeof currentRole>[0],
  workspaceId: string,
  userId: string,
): Promise<Role> => {
  const role = await currentRole(tx, workspaceId, userId);
  if (!role) throw new AppError("NOT_FOUND", "That person is no longer a member of this workspace. Reload the page.");
  return role;
};

const actorRoleOrRefuse = async (tx: Parameters<typeof currentRole>[0], workspaceId: string, actorId: string) => {
  const role = await currentRole(tx, workspaceId, actorId);
  if (!role) throw new AppError("FORBIDDEN", "You are no longer a member of this workspace.");
  return role;
};

export async function changeMemberRole(input: Actor & { userId: string; role: Role }) {
  const { workspaceId, actorId, userId, role } = input;
  if (userId === actorId)
    throw new AppError("FORBIDDEN", "You cannot change your own role. Ask the owner or another admin.");
  return db().$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const actorRole = await actorRoleOrRefuse(tx, workspaceId, actorId);
    const from = await targetMembership(tx, workspaceId, userId);
    if (from === "owner" || role === "owner")
      throw new AppError("FORBIDDEN", "The owner changes only by a transfer of ownership, which the owner makes.");
    if (!canManageRole(actorRole, from) || !canManageRole(actorRole, role))
      throw new AppError(
        "FORBIDDEN",
        `As ${roleWithArticle(actorRole)} you cannot change ${roleWithArticle(from)}'s role to ${role}.`,
      );
    await tx.membership.update({ where: { workspaceId_userId: { workspaceId, userId } }, data: { role } });
    return { userId, role };
  });
}

export async function removeMember(input: Actor & { userId: string }) {
  const { workspaceId, actorId, userId } = input;
  if (userId === actorId)
    throw new AppError("FORBIDDEN", "To remove yourself, use Leave workspace in the workspace menu.");
  return db().$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const actorRole = await actorRoleOrRefuse(tx, workspaceId, actorId);
    const role = await targetMembership(tx, workspaceId, userId);
    if (role === "owner")
      throw new AppError("FORBIDDEN", "The owner cannot be removed. The owner can transfer ownership, then leave.");
    if (!canManageRole(actorRole, role))
      throw new AppError("FORBIDDEN", `As ${roleWithArticle(actorRole)} you cannot remove ${roleWithArticle(role)}.`);
    await tx.membership.delete({ where: { workspaceId_userId: { workspaceId, userId } } });
    return { userId };
  });
}

/** Any member but the owner, who must hand the workspace to someone first. Answers how many workspaces are left. */
export async function leaveWorkspace({ workspaceId, userId }: { workspaceId: string; userId: string }) {
  return db().$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const role = await currentRole(tx, workspaceId, userId);
    if (!role) throw new AppError("NOT_FOUND", "You are not a member of this workspace.");
    if (role === "owner")
      throw new AppError(
        "CONFLICT",
        "You own this workspace. Transfer ownership to another member in Settings → Team before leaving.",
      );
    await tx.membership.delete({ where: { workspaceId_userId: { workspaceId, userId } } });
    return { remainingWorkspaces: await tx.membership.count({ where: { userId } }) };
  });
}

/** Owner only, to an existing member; the old owner becomes an admin. One transaction under the workspace lock. */
export async function transferOwnership(input: Actor & { userId: string }) {
  const { workspaceId, actorId, userId } = input;
  if (userId === actorId) throw new AppError("BAD_REQUEST", "You already own this workspace. Choose another member.");
  return db().$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const actorRole = await actorRoleOrRefuse(tx, workspaceId, actorId);
    if (actorRole !== "owner")
      throw new AppError("FORBIDDEN", "Only the workspace's owner can transfer ownership. It may just have moved.");
    await targetMembership(tx, workspaceId, userId);
    await tx.membership.update({
      where: { workspaceId_userId: { workspaceId, userId: actorId } },
      data: { role: "admin" },
    });
    await tx.membership.update({ where: { workspaceId_userId: { workspaceId, userId } }, data: { role: "owner" } });
    return { ownerId: userId };
  });
}
