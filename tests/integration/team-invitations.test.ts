// Invitations against the real database and the outbox transport: the email and its link, re-inviting, resending
// (new link, daily cap), revoking, expiry, accepting (right and wrong address, twice), signing up from a link; and
// the team page's actions called through dashboardAction with a real session cookie (only the cookie reader is
// replaced: outside a Next.js request there is no cookies() to read).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { verifyPassword } from "@/server/services/users/password";
import { inviteMember, resendInvitation, revokeInvitation } from "@/server/services/team/invitations";
import { acceptInvitation, inspectInvitation, signUpFromInvitation } from "@/server/services/team/accept-invitation";
import { listTeam } from "@/server/services/team/list-team";
import { inviteMemberAction, revokeInvitationAction } from "@/app/(dashboard)/settings/team/actions";
import { sessionCookie } from "../support/session-cookie";
import { countInvitationMail, invitationMail, makeTeam, makeUser, roleOf } from "./team-fixtures";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));

async function signInAs(userId: string) {
  const [name, value] = (await sessionCookie(userId)).cookie.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([[name, value]]);
}

beforeEach(() => {
  request.cookies = new Map();
});

const invite = (team: Awaited<ReturnType<typeof makeTeam>>, email: string, role: "admin" | "member" = "member") =>
  inviteMember({ workspaceId: team.workspace.id, actorId: team.owner.id, actorRole: "owner", email, role });

describe("inviteMember", () => {
  it("stores only the token's hash and sends an invitation email with the link, inviter, role and expiry", async () => {
    const team = await makeTeam();
    const sent = await invite(team, "  Mia@Example.TEST ");
    expect(sent).toMatchObject({ email: "mia@example.test", role: "member", delivery: "sent" });
    const row = await db().invitation.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const { message, token } = await invitationMail(team.workspace.id, "mia@example.test");
    expect(row.tokenHash).not.toContain(token);
    expect(message.subject).toBe(`owner invited you to ${team.workspace.name} on Sendwell`);
    expect(message.text).toContain("as member");
    expect(message.text).toMatch(/expires on \w+ \d+, \d{4}/);
    expect(message.text).toContain("If you did not expect it");
    expect(message.html).toContain(`http://sendwell.test/invite/${token}`);
    expect((await inspectInvitation(token))?.state).toBe("valid");
  });

  it("uses the workspace's default sender when it has one", async () => {
    const team = await makeTeam();
    await db().workspace.update({
      where: { id: team.workspace.id },
      data: { defaultFromName: "Olivia's Shop", defaultFromEmail: "hello@olivia.test" },
    });
    await invite(team, "sam@example.test");
    const { message } = await invitationMail(team.workspace.id, "sam@example.test");
    expect(message.fromAddress).toBe(`"Olivia's Shop" <hello@olivia.test>`);
  });

  it("refuses an address that is already a member, at the email field", async () => {
    const team = await makeTeam(["member"]);
    const error = await invite(team, team.others[0]!.email.toUpperCase()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "CONFLICT",
      message: `${team.others[0]!.email} is already a member of this workspace.`,
    });
    expect(error).toHaveProperty("errors.0.pointer", "#/email");
  });

  it("re-sends a pending invitation with the new role instead of adding a second one; the old link stops working", async () => {
    const team = await makeTeam();
    const first = await invite(team, "ana@example.test", "member");
    const { token: oldToken } = await invitationMail(team.workspace.id, "ana@example.test");
    const second = await invite(team, "ana@example.test", "admin");
    expect(second.id).toBe(first.id);
    expect(await db().invitation.count({ where: { workspaceId: team.workspace.id } })).toBe(1);
    expect(await db().invitation.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      role: "admin",
      sendCount: 2,
    });
    expect(await inspectInvitation(oldToken)).toBeNull();
    const { token } = await invitationMail(team.workspace.id, "ana@example.test");
    expect(token).not.toBe(oldToken);
    expect(await countInvitationMail(team.workspace.id, "ana@example.test")).toBe(2);
  });

  it("lets an admin invite admins and members but never an owner", async () => {
    const team = await makeTeam(["admin"]);
    const admin = team.others[0]!;
    const asAdmin = (role: "owner" | "admin" | "member", email: string) =>
      inviteMember({ workspaceId: team.workspace.id, actorId: admin.id, actorRole: "admin", email, role });
    await expect(asAdmin("admin", "a2@example.test")).resolves.toMatchObject({ role: "admin" });
    await expect(asAdmin("owner", "boss@example.test")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(invite(team, "x@example.test", "owner" as "admin")).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("resendInvitation and revokeInvitation", () => {
  it("resend: a new link and 7 more days; the sixth send within a day is refused", async () => {
    const team = await makeTeam();
    const sent = await invite(team, "rae@example.test");
    await db().invitation.update({ where: { id: sent.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const actor = { workspaceId: team.workspace.id, actorId: team.owner.id, actorRole: "owner" as const };
    const resent = await resendInvitation({ ...actor, id: sent.id });
    expect(resent.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    const { token } = await invitationMail(team.workspace.id, "rae@example.test");
    expect((await inspectInvitation(token))?.state).toBe("valid");
    for (let i = 0; i < 3; i++) await resendInvitation({ ...actor, id: sent.id });
    await expect(resendInvitation({ ...actor, id: sent.id })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringContaining("already sent 5 times today"),
    });
    expect(await countInvitationMail(team.workspace.id, "rae@example.test")).toBe(5);
  });

  it("revoke: the link then says it was withdrawn, and accepting it is refused", async () => {
    const team = await makeTeam();
    const sent = await invite(team, "rev@example.test");
    const { token } = await invitationMail(team.workspace.id, "rev@example.test");
    await revokeInvitation({ workspaceId: team.workspace.id, actorId: team.owner.id, actorRole: "owner", id: sent.id });
    expect((await inspectInvitation(token))?.state).toBe("revoked");
    const user = await db().user.create({ data: { email: "rev@example.test", passwordHash: "x" } });
    await expect(acceptInvitation({ token, userId: user.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("withdrawn"),
    });
    expect((await listTeam({ workspaceId: team.workspace.id })).invitations).toEqual([]);
  });

  it("another workspace's invitation is not found", async () => {
    const team = await makeTeam();
    const other = await makeTeam();
    const sent = await invite(team, "cross@example.test");
    await expect(
      revokeInvitation({ workspaceId: other.workspace.id, actorId: other.owner.id, actorRole: "owner", id: sent.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("acceptInvitation", () => {
  it("joins with the invited role; accepting twice is harmless; listTeam shows the member and no invitation", async () => {
    const team = await makeTeam();
    const user = await makeUser("mia");
    await invite(team, user.email.toUpperCase(), "admin");
    const { token } = await invitationMail(team.workspace.id, user.email);
    const joined = await acceptInvitation({ token, userId: user.id });
    expect(joined).toEqual({ workspaceId: team.workspace.id, workspaceName: team.workspace.name });
    await expect(acceptInvitation({ token, userId: user.id })).resolves.toEqual(joined);
    expect(await roleOf(team.workspace.id, user.id)).toBe("admin");
    const list = await listTeam({ workspaceId: team.workspace.id });
    expect(list.members.map((m) => [m.email, m.role])).toEqual([
      [team.owner.email, "owner"],
      [user.email, "admin"],
    ]);
    expect(list.invitations).toEqual([]);
    expect((await inspectInvitation(token))?.state).toBe("accepted");
  });

  it("refuses another address, naming the invited one", async () => {
    const team = await makeTeam();
    const stranger = await makeUser("stranger");
    await invite(team, "invited@example.test");
    const { token } = await invitationMail(team.workspace.id, "invited@example.test");
    await expect(acceptInvitation({ token, userId: stranger.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("This invitation is for invited@example.test"),
    });
    expect(await roleOf(team.workspace.id, stranger.id)).toBeNull();
  });

  it("refuses an expired invitation (listed as expired) and an unknown token", async () => {
    const team = await makeTeam();
    const user = await makeUser("late");
    const sent = await invite(team, user.email);
    const { token } = await invitationMail(team.workspace.id, user.email);
    await db().invitation.update({ where: { id: sent.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await listTeam({ workspaceId: team.workspace.id })).invitations[0]).toMatchObject({ status: "expired" });
    await expect(acceptInvitation({ token, userId: user.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("expired"),
    });
    await expect(acceptInvitation({ token: "A".repeat(43), userId: user.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("signUpFromInvitation", () => {
  it("creates the invited address's account with a hashed password and joins", async () => {
    const team = await makeTeam();
    await invite(team, "newbie@example.test");
    const { token } = await invitationMail(team.workspace.id, "newbie@example.test");
    const joined = await signUpFromInvitation({ token, name: "Newbie", password: "a long passphrase" });
    expect(joined).toMatchObject({ email: "newbie@example.test", workspaceId: team.workspace.id });
    const user = await db().user.findUniqueOrThrow({ where: { email: "newbie@example.test" } });
    expect(user.name).toBe("Newbie");
    expect(await verifyPassword("a long passphrase", user.passwordHash)).toBe(true);
    expect(await roleOf(team.workspace.id, user.id)).toBe("member");
  });

  it("says sign in instead when the address already has an account, and creates nothing", async () => {
    const team = await makeTeam();
    const existing = await makeUser("existing");
    await invite(team, existing.email);
    const { token } = await invitationMail(team.workspace.id, existing.email);
    await expect(signUpFromInvitation({ token, name: "Again", password: "a long passphrase" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `An account with ${existing.email} already exists. Sign in instead, then join.`,
    });
    expect(await roleOf(team.workspace.id, existing.id)).toBeNull();
  });
});

describe("team actions through dashboardAction", () => {
  it("a member is refused with FORBIDDEN before the input is read; an admin invites", async () => {
    const team = await makeTeam(["member", "admin"]);
    await signInAs(team.others[0]!.id);
    const refused = await inviteMemberAction({ email: "not-an-email", role: "member" });
    expect(refused).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(refused.ok || refused.fieldErrors).toBeUndefined();
    await signInAs(team.others[1]!.id);
    const result = await inviteMemberAction({ email: "fresh@example.test", role: "member" });
    expect(result).toMatchObject({ ok: true, data: { email: "fresh@example.test", delivery: "sent" } });
    const bad = await inviteMemberAction({ email: "nope", role: "member" });
    expect(bad).toMatchObject({ ok: false, fieldErrors: [{ pointer: "#/email" }] });
    const owner = await inviteMemberAction({ email: "o@example.test", role: "owner" });
    expect(owner).toMatchObject({ ok: false, code: "FORBIDDEN", fieldErrors: [{ pointer: "#/role" }] });
    if (!result.ok) return;
    expect(await revokeInvitationAction({ id: result.data.id })).toMatchObject({ ok: true });
  });
});
