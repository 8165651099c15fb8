// Shared by team-invitations.test.ts and team-members.test.ts: people, workspaces and the invitation emails the
// outbox transport stored (their links are the only place a token exists in plain text).
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import type { Role } from "@/lib/permissions";

export async function makeUser(label = "person") {
  return db().user.create({
    data: {
      email: `${label}-${randomUUID().slice(0, 8)}@team.test`,
      name: label,
      passwordHash: "not-used-sessions-are-signed-directly",
    },
    select: { id: true, email: true, name: true },
  });
}

/** A workspace with an owner and, per role given, one more member. */
export async function makeTeam(roles: Role[] = []) {
  const owner = await makeUser("owner");
  const workspace = await createWorkspace({ name: `Team ${randomUUID().slice(0, 6)}`, ownerId: owner.id });
  const others = [];
  for (const role of roles) {
    const user = await makeUser(role);
    await db().membership.create({ data: { workspaceId: workspace.id, userId: user.id, role } });
    others.push({ ...user, role });
  }
  return { workspace, owner, others };
}

export async function roleOf(workspaceId: string, userId: string) {
  const m = await db().membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { role: true },
  });
  return m?.role ?? null;
}

/** The newest invitation email to `to` in the workspace's outbox, and the token in its link. */
export async function invitationMail(workspaceId: string, to: string) {
  const message = await db().outboxMessage.findFirst({
    where: { workspaceId, toAddress: to, kind: "invitation" },
    orderBy: { createdAt: "desc" },
  });
  expect(message, `an invitation email to ${to}`).toBeTruthy();
  const match = /\/invite\/([A-Za-z0-9_-]{43})/.exec(message!.text);
  expect(match, "a join link in the email's text").toBeTruthy();
  return { message: message!, token: match![1]! };
}

export const countInvitationMail = (workspaceId: string, to: string) =>
  db().outboxMessage.count({ where: { workspaceId, toAddress: to, kind: "invitation" } });
