// The team page's lists: members (owner first, then admins, then members, each by join date) and the invitations
// not yet accepted or revoked, pending or expired (an expired one can still be resent).
import { db } from "@/server/db/client";
import { ROLES, type Role } from "@/lib/permissions";

export type TeamMember = { userId: string; name: string | null; email: string; role: Role; joinedAt: string };
export type TeamInvitation = {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  sentAt: string;
  sendCount: number;
  expiresAt: string;
  status: "pending" | "expired";
};

/** Members are listed by role, most to least (the order of ROLES). */
const RANK = Object.fromEntries(ROLES.map((role, i) => [role, i])) as Record<Role, number>;

export async function listTeam({ workspaceId }: { workspaceId: string }) {
  const [memberships, invitations] = await Promise.all([
    db().membership.findMany({
      where: { workspaceId },
      select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db().invitation.findMany({
      where: { workspaceId, acceptedAt: null, revokedAt: null },
      select: {
        id: true,
        email: true,
        role: true,
        lastSentAt: true,
        sendCount: true,
        expiresAt: true,
        invitedBy: { select: { name: true, email: true } },
      },
      orderBy: [{ lastSentAt: "desc" }, { id: "asc" }],
    }),
  ]);
  const now = Date.now();
  const members: TeamMember[] = memberships
    .map((m) => ({
      userId: m.user.id,
      name: m.user.name,
      email: m.user.email,
      role: m.role as Role,
      joinedAt: m.createdAt.toISOString(),
    }))
    .sort((a, b) => RANK[a.role] - RANK[b.role]);
  const pending: TeamInvitation[] = invitations.map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role as Role,
    invitedBy: i.invitedBy ? i.invitedBy.name || i.invitedBy.email : null,
    sentAt: i.lastSentAt.toISOString(),
    sendCount: i.sendCount,
    expiresAt: i.expiresAt.toISOString(),
    status: i.expiresAt.getTime() <= now ? "expired" : "pending",
  }));
  return { members, invitations: pending };
}
