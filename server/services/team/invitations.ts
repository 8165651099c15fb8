// Inviting someone by email, resending and revoking. An address has at most one pending invitation per workspace
// (the partial unique index "Invitation_pending_key"): inviting it again re-sends that one with the new role.
// The email goes out after the transaction commits; if it fails the invitation stays and the page offers Resend.
import { AppError, isUniqueViolation } from "@/server/errors";
import { db } from "@/server/db/client";
import { canManageRole, roleWithArticle, type Role } from "@/lib/permissions";
import { INVITATION_SENDS_PER_DAY } from "@/lib/schemas/team";
import { countResetRequest } from "@/server/services/account/reset-throttle";
import { newInvitationToken } from "./invitation-token";
import { sendInvitationEmail, type InvitationDelivery } from "./send-invitation-email";

type Actor = { workspaceId: string; actorId: string; actorRole: Role };
export type InvitationSent = { id: string; email: string; role: Role; expiresAt: Date; delivery: InvitationDelivery };

const DAY_SECONDS = 24 * 60 * 60;

function refuseRole(actorRole: Role, role: Role) {
  if (role === "owner")
    throw new AppError("FORBIDDEN", "A workspace has one owner. Invite them as an admin, then transfer ownership.", [
      { pointer: "#/role", detail: "Choose admin, member, author or viewer." },
    ]);
  if (!canManageRole(actorRole, role))
    throw new AppError("FORBIDDEN", `As ${roleWithArticle(actorRole)} you cannot invite ${roleWithArticle(role)}.`, [
      { pointer: "#/role", detail: "Choose a role up to your own." },
    ]);
}

/** Counts one send of the invitation against its daily allowance (the sign-in throttle's table, so it holds across
 * processes); refuses the sixth within a day. */
async function spendSend(invitationId: string) {
  const wait = await countResetRequest(`invitation-send:${invitationId}`, {
    limit: INVITATION_SENDS_PER_DAY,
    windowSeconds: DAY_SECONDS,
  });
  if (wait > 0) {
    const hours = Math.ceil(wait / 3600);
    throw new AppError(
      "RATE_LIMITED",
      `This invitation was already sent ${INVITATION_SENDS_PER_DAY} times today. Try again in ${hours} hour${hours === 1 ? "" : "s"}, or ask them to check their spam folder.`,
    );
  }
}

export async function inviteMember(input: Actor & { email: string; role: Role }): Promise<InvitationSent> {
  const { workspaceId, actorId, actorRole, role } = input;
  const email = input.email.trim().toLowerCase();
  refuseRole(actorRole, role);
  const member = await db().membership.findFirst({
    where: { workspaceId, user: { email } },
    select: { id: true },
  });
  if (member)
    throw new AppError("CONFLICT", `${email} is already a member of this workspace.`, [
      { pointer: "#/email", detail: "Already a member. Change their role in the list instead." },
    ]);

  const pending = await db().invitation.findFirst({
    where: { workspaceId, email, acceptedAt: null, revokedAt: null },
    select: { id: true },
  });
  if (pending) return reissue({ workspaceId, id: pending.id, role, invitedById: actorId });

  const { token, tokenHash, expiresAt } = newInvitationToken();
  try {
    const created = await db().invitation.create({
      data: { workspaceId, email, role, tokenHash, invitedById: actorId, expiresAt },
      select: { id: true, sendCount: true },
    });
    await spendSend(created.id);
    const delivery = await sendInvitationEmail({
      ...created,
      workspaceId,
      email,
      role,
      token,
      expiresAt,
      invitedById: actorId,
    });
    return { id: created.id, email, role, expiresAt, delivery };
  } catch (error) {
    // Someone invited the same address at the same moment: re-send theirs with this role, as a second invite would.
    if (!isUniqueViolation(error)) throw error;
    const row = await db().invitation.findFirstOrThrow({
      where: { workspaceId, email, acceptedAt: null, revokedAt: null },
      select: { id: true },
    });
    return reissue({ workspaceId, id: row.id, role, invitedById: actorId });
  }
}

/** A new link (the older one stops working), 7 more days, and the email again. */
export async function resendInvitation(input: Actor & { id: string }): Promise<InvitationSent> {
  const invitation = await findOpen(input.workspaceId, input.id);
  if (!canManageRole(input.actorRole, invitation.role as Role))
    throw new AppError("FORBIDDEN", "Only the owner can resend an invitation for this role.");
  return reissue({ workspaceId: input.workspaceId, id: invitation.id, role: invitation.role as Role });
}

export async function revokeInvitation(input: Actor & { id: string }) {
  const invitation = await findOpen(input.workspaceId, input.id);
  if (!canManageRole(input.actorRole, invitation.role as Role))
    throw new AppError("FORBIDDEN", "Only the owner can revoke an invitation for this role.");
  await db().invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return { id: invitation.id };
}

async function findOpen(workspaceId: string, id: string) {
  const invitation = await db().invitation.findFirst({
    where: { id, workspaceId },
    select: { id: true, role: true, acceptedAt: true, revokedAt: true },
  });
  if (!invitation) throw new AppError("NOT_FOUND", "Invitation not found. Reload the page.");
  if (invitation.acceptedAt) throw new AppError("CONFLICT", "This invitation was already accepted.");
  if (invitation.revokedAt) throw new AppError("CONFLICT", "This invitation was already revoked.");
  return invitation;
}

async function reissue(p: { workspaceId: string; id: string; role: Role; invitedById?: string }) {
  await spendSend(p.id);
  const { token, tokenHash, expiresAt } = newInvitationToken();
  const updated = await db().invitation.update({
    where: { id: p.id, workspaceId: p.workspaceId, acceptedAt: null, revokedAt: null },
    data: {
      role: p.role,
      tokenHash,
      expiresAt,
      lastSentAt: new Date(),
      sendCount: { increment: 1 },
      ...(p.invitedById ? { invitedById: p.invitedById } : {}),
    },
    select: { id: true, email: true, sendCount: true, invitedById: true },
  });
  const delivery = await sendInvitationEmail({
    ...updated,
    workspaceId: p.workspaceId,
    role: p.role,
    token,
    expiresAt,
  });
  return { id: updated.id, email: updated.email, role: p.role, expiresAt, delivery };
}
