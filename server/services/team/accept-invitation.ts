// The invitation link's side: what the link is (for the page), joining as a signed-in user, and signing up from
// it. The signed-in address must be the invited one: a forwarded link does not let someone else in.
import { AppError, isUniqueViolation } from "@/server/errors";
import { db, type Prisma } from "@/server/db/client";
import { hashPassword } from "@/server/services/users/password";
import { ZInvitationToken } from "@/lib/schemas/team";
import type { Role } from "@/lib/permissions";
import { hashInvitationToken } from "./invitation-token";
import { lockWorkspace } from "./workspace-lock";

export type InvitationState = "valid" | "expired" | "revoked" | "accepted" | "unknown";
export type InvitationView = {
  state: InvitationState;
  email: string;
  role: Role;
  workspaceId: string;
  workspaceName: string;
  inviterName: string | null;
  expiresAt: string;
  acceptedById: string | null;
};

const select = {
  id: true,
  workspaceId: true,
  email: true,
  role: true,
  expiresAt: true,
  acceptedAt: true,
  acceptedById: true,
  revokedAt: true,
  workspace: { select: { name: true } },
  invitedBy: { select: { name: true, email: true } },
} as const;

type Row = Prisma.InvitationGetPayload<{ select: typeof select }>;

function stateOf(row: Row, now = new Date()): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "valid";
}

const findByToken = (client: Prisma.TransactionClient, token: string) =>
  ZInvitationToken.safeParse(token).success
    ? client.invitation.findUnique({ where: { tokenHash: hashInvitationToken(token) }, select })
    : Promise.resolve(null);

/** What the page shows for a link; null for a link that was never ours (or was replaced by a resend). */
export async function inspectInvitation(token: string): Promise<InvitationView | null> {
  const row = await findByToken(db(), token);
  if (!row) return null;
  return {
    state: stateOf(row),
    email: row.email,
    role: row.role as Role,
    workspaceId: row.workspaceId,
    workspaceName: row.workspace.name,
    inviterName: row.invitedBy ? row.invitedBy.name || row.invitedBy.email : null,
    expiresAt: row.expiresAt.toISOString(),
    acceptedById: row.acceptedById,
  };
}

const refusals: Record<Exclude<InvitationState, "valid" | "accepted">, string> = {
  unknown: "This invitation link is not valid (a newer invitation may have replaced it). Ask for a new invitation.",
  expired: "This invitation has expired. Ask the person who invited you to send a new one.",
  revoked: "This invitation was withdrawn. Ask the workspace's owner or an admin for a new one.",
};

/**
 * Joins the invitation's workspace as `userId`. Accepting twice (a double click, a second tab) is harmless: the same
 * user gets the same answer. Someone already a member keeps their role.
 */
export async function acceptInvitation({ token, userId }: { token: string; userId: string }) {
  return db().$transaction((tx) => acceptInTransaction(tx, token, userId));
}

async function acceptInTransaction(tx: Prisma.TransactionClient, token: string, userId: string) {
  const found = await findByToken(tx, token);
  if (!found) throw new AppError("NOT_FOUND", refusals.unknown);
  // The workspace lock orders this join with role changes and transfers; then the row is read again under it.
  await lockWorkspace(tx, found.workspaceId);
  const row = (await findByToken(tx, token))!;
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const joined = { workspaceId: row.workspaceId, workspaceName: row.workspace.name };
  const state = stateOf(row);
  if (state === "accepted") {
    if (row.acceptedById === userId) return joined;
    throw new AppError("CONFLICT", "This invitation was already used. Ask for a new invitation.");
  }
  if (state !== "valid") throw new AppError(state === "unknown" ? "NOT_FOUND" : "CONFLICT", refusals[state]);
  if (user.email.toLowerCase() !== row.email)
    throw new AppError(
      "FORBIDDEN",
      `This invitation is for ${row.email}, and you are signed in as ${user.email}. Sign out and sign in (or sign up) as ${row.email}.`,
    );
  await tx.membership.upsert({
    where: { workspaceId_userId: { workspaceId: row.workspaceId, userId } },
    create: { workspaceId: row.workspaceId, userId, role: row.role },
    update: {},
  });
  await tx.invitation.update({ where: { id: row.id }, data: { acceptedAt: new Date(), acceptedById: userId } });
  return joined;
}

/** A new account for the invited address (the email is the invitation's, not typed), then the join. */
export async function signUpFromInvitation(input: { token: string; name: string; password: string }) {
  const view = await inspectInvitation(input.token);
  if (!view) throw new AppError("NOT_FOUND", refusals.unknown);
  if (view.state === "expired" || view.state === "revoked") throw new AppError("CONFLICT", refusals[view.state]);
  if (view.state === "accepted") throw new AppError("CONFLICT", "This invitation was already used. Sign in instead.");
  const taken = `An account with ${view.email} already exists. Sign in instead, then join.`;
  if (await db().user.findUnique({ where: { email: view.email }, select: { id: true } }))
    throw new AppError("CONFLICT", taken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: view.email, name: input.name || null, passwordHash },
        select: { id: true, email: true },
      });
      const joined = await acceptInTransaction(tx, input.token, user.id);
      return { ...joined, email: user.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", taken);
    throw error;
  }
}
