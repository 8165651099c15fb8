// Members against the real database: role changes, removal, leaving, ownership transfer (two at once leave one
// owner), and the outbox hiding invitation emails from members (list, count, detail, kind filter).
import { describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { changeMemberRole, leaveWorkspace, removeMember, transferOwnership } from "@/server/services/team/members";
import { inviteMember } from "@/server/services/team/invitations";
import { listOutboxMessages } from "@/server/services/outbox/list-outbox-messages";
import { getOutboxMessage } from "@/server/services/outbox/get-outbox-message";
import { listOutboxAction } from "@/app/(dashboard)/outbox/actions";
import {
  changeMemberRoleAction,
  leaveWorkspaceAction,
  transferOwnershipAction,
} from "@/app/(dashboard)/settings/team/actions";
import { sessionCookie } from "../support/session-cookie";
import { invitationMail, makeTeam, makeUser, roleOf } from "./team-fixtures";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));

async function signInAs(userId: string) {
  const [name, value] = (await sessionCookie(userId)).cookie.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([[name, value]]);
}

describe("changeMemberRole", () => {
  it("an admin promotes a member and demotes an admin, but never touches the owner or their own role", async () => {
    const team = await makeTeam(["admin", "member", "admin"]);
    const [admin, member, otherAdmin] = team.others as [
      (typeof team.others)[0],
      (typeof team.others)[0],
      (typeof team.others)[0],
    ];
    const ws = team.workspace.id;
    await changeMemberRole({ workspaceId: ws, actorId: admin.id, userId: member.id, role: "admin" });
    expect(await roleOf(ws, member.id)).toBe("admin");
    await changeMemberRole({ workspaceId: ws, actorId: admin.id, userId: otherAdmin.id, role: "member" });
    expect(await roleOf(ws, otherAdmin.id)).toBe("member");
    await expect(
      changeMemberRole({ workspaceId: ws, actorId: admin.id, userId: team.owner.id, role: "member" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      changeMemberRole({ workspaceId: ws, actorId: admin.id, userId: member.id, role: "owner" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      changeMemberRole({ workspaceId: ws, actorId: admin.id, userId: admin.id, role: "member" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await roleOf(ws, team.owner.id)).toBe("owner");
  });

  it("reads the actor's role at the moment of the change, not the session's older copy", async () => {
    const team = await makeTeam(["admin", "member"]);
    const [admin, member] = team.others as [(typeof team.others)[0], (typeof team.others)[0]];
    await db().membership.update({
      where: { workspaceId_userId: { workspaceId: team.workspace.id, userId: admin.id } },
      data: { role: "member" },
    });
    await expect(
      changeMemberRole({ workspaceId: team.workspace.id, actorId: admin.id, userId: member.id, role: "admin" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("through the action: a member is refused with FORBIDDEN", async () => {
    const team = await makeTeam(["member", "member"]);
    await signInAs(team.others[0]!.id);
    expect(await changeMemberRoleAction({ userId: team.others[1]!.id, role: "admin" })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await roleOf(team.workspace.id, team.others[1]!.id)).toBe("member");
  });
});

describe("removeMember and leaveWorkspace", () => {
  it("an admin removes members and admins; never the owner; never themselves", async () => {
    const team = await makeTeam(["admin", "member", "admin"]);
    const [admin, member, otherAdmin] = team.others as [
      (typeof team.others)[0],
      (typeof team.others)[0],
      (typeof team.others)[0],
    ];
    const ws = team.workspace.id;
    await removeMember({ workspaceId: ws, actorId: admin.id, userId: member.id });
    await removeMember({ workspaceId: ws, actorId: admin.id, userId: otherAdmin.id });
    expect(await roleOf(ws, member.id)).toBeNull();
    expect(await roleOf(ws, otherAdmin.id)).toBeNull();
    await expect(removeMember({ workspaceId: ws, actorId: admin.id, userId: team.owner.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("The owner cannot be removed"),
    });
    await expect(removeMember({ workspaceId: ws, actorId: admin.id, userId: admin.id })).rejects.toMatchObject({
      message: expect.stringContaining("Leave workspace"),
    });
  });

  it("the owner cannot leave; anyone else can, and learns how many workspaces they have left", async () => {
    const team = await makeTeam(["member"]);
    const other = await makeTeam();
    const member = team.others[0]!;
    await db().membership.create({ data: { workspaceId: other.workspace.id, userId: member.id, role: "member" } });
    await expect(leaveWorkspace({ workspaceId: team.workspace.id, userId: team.owner.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Transfer ownership"),
    });
    expect(await leaveWorkspace({ workspaceId: team.workspace.id, userId: member.id })).toEqual({
      remainingWorkspaces: 1,
    });
    expect(await leaveWorkspace({ workspaceId: other.workspace.id, userId: member.id })).toEqual({
      remainingWorkspaces: 0,
    });
  });

  it("through the action: a member leaves (area workspace, no team page needed); the owner is refused", async () => {
    const team = await makeTeam(["member"]);
    await signInAs(team.others[0]!.id);
    expect(await leaveWorkspaceAction({})).toEqual({ ok: true, data: { remainingWorkspaces: 0 } });
    expect(await roleOf(team.workspace.id, team.others[0]!.id)).toBeNull();
    await signInAs(team.owner.id);
    expect(await leaveWorkspaceAction({})).toMatchObject({ ok: false, code: "CONFLICT" });
  });
});

describe("transferOwnership", () => {
  it("makes the member the owner and the old owner an admin; only the owner may, and only to a member", async () => {
    const team = await makeTeam(["admin", "member"]);
    const [admin, member] = team.others as [(typeof team.others)[0], (typeof team.others)[0]];
    const ws = team.workspace.id;
    const stranger = await makeUser("stranger");
    await expect(transferOwnership({ workspaceId: ws, actorId: admin.id, userId: admin.id })).rejects.toThrow();
    await expect(transferOwnership({ workspaceId: ws, actorId: admin.id, userId: member.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      transferOwnership({ workspaceId: ws, actorId: team.owner.id, userId: stranger.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await transferOwnership({ workspaceId: ws, actorId: team.owner.id, userId: member.id });
    expect(await roleOf(ws, member.id)).toBe("owner");
    expect(await roleOf(ws, team.owner.id)).toBe("admin");
  });

  it("two transfers at once leave exactly one owner", async () => {
    const team = await makeTeam(["member", "member"]);
    const ws = team.workspace.id;
    const results = await Promise.allSettled(
      team.others.map((m) => transferOwnership({ workspaceId: ws, actorId: team.owner.id, userId: m.id })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "FORBIDDEN" } });
    expect(await db().membership.count({ where: { workspaceId: ws, role: "owner" } })).toBe(1);
    expect(await roleOf(ws, team.owner.id)).toBe("admin");
  });

  it("through the action: an admin is refused; the owner must type the workspace's name", async () => {
    const team = await makeTeam(["admin"]);
    const admin = team.others[0]!;
    await signInAs(admin.id);
    expect(await transferOwnershipAction({ userId: admin.id, confirmName: team.workspace.name })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    await signInAs(team.owner.id);
    expect(await transferOwnershipAction({ userId: admin.id, confirmName: "wrong" })).toMatchObject({
      ok: false,
      fieldErrors: [{ pointer: "#/confirmName" }],
    });
    expect(await transferOwnershipAction({ userId: admin.id, confirmName: team.workspace.name })).toMatchObject({
      ok: true,
    });
    expect(await roleOf(team.workspace.id, admin.id)).toBe("owner");
  });
});

describe("the outbox and invitation emails", () => {
  it("members never see (or count) invitation emails; admins and owners do", async () => {
    const team = await makeTeam(["member", "admin"]);
    const [member, admin] = team.others as [(typeof team.others)[0], (typeof team.others)[0]];
    const ws = team.workspace.id;
    await inviteMember({
      workspaceId: ws,
      actorId: team.owner.id,
      actorRole: "owner",
      email: "z@example.test",
      role: "member",
    });
    const { message } = await invitationMail(ws, "z@example.test");
    await db().outboxMessage.create({
      data: {
        workspaceId: ws,
        kind: "test",
        fromAddress: "a@b.test",
        toAddress: "me@b.test",
        subject: "T",
        html: "",
        text: "",
      },
    });

    const query = { page: 1, limit: 20 };
    expect((await listOutboxMessages({ workspaceId: ws, query, includeInvitations: false })).total).toBe(1);
    expect((await listOutboxMessages({ workspaceId: ws, query, includeInvitations: true })).total).toBe(2);
    await expect(getOutboxMessage({ workspaceId: ws, messageId: message.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    await signInAs(member.id);
    const asMember = await listOutboxAction({ page: "1", limit: "20" });
    expect(asMember).toMatchObject({ ok: true, data: { total: 1, data: [{ kind: "test" }] } });
    expect(await listOutboxAction({ page: "1", limit: "20", kind: "invitation" })).toMatchObject({
      ok: true,
      data: { total: 0 },
    });
    await signInAs(admin.id);
    expect(await listOutboxAction({ page: "1", limit: "20", kind: "invitation" })).toMatchObject({
      ok: true,
      data: { total: 1, data: [{ kind: "invitation", toAddress: "z@example.test" }] },
    });
  });
});
