// Dashboard sessions end on the server: a cookie saved before sign-out is refused afterwards by every reader
// (withSession route handlers, the pages' and actions' dashboardSession, next-auth's own session read), and an ended
// session cannot be brought back. Signs in through next-auth's real handler with a real password.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { withSession } from "@/server/http/with-session";
import { dashboardSession } from "@/server/auth/dashboard-session";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { hashPassword } from "@/server/services/users/password";
import { findActiveSession } from "@/server/services/sessions/find-active-session";
import { revokeSession } from "@/server/services/sessions/revoke-session";
import { revokeOtherSessions } from "@/server/services/sessions/revoke-other-sessions";
import { SESSION_IDLE_MS } from "@/server/services/sessions/session-policy";
import { NextAuthClient } from "../support/next-auth-client";
import { sessionCookie } from "../support/session-cookie";

const PASSWORD = "correct horse battery";

async function makeUser() {
  const user = await db().user.create({
    data: { email: `${randomUUID()}@sessions.test`, passwordHash: await hashPassword(PASSWORD) },
    select: { id: true, email: true },
  });
  const workspace = await createWorkspace({ name: "Sessions", ownerId: user.id });
  return { ...user, workspace };
}

// A dashboard route handler like the real ones: answers with who the cookie belongs to.
const whoAmI = withSession("workspace", {}, async ({ userId, workspaceId }) => Response.json({ userId, workspaceId }));
const callWhoAmI = (cookie: string) =>
  whoAmI(new Request("http://sendwell.test/api/dashboard/whoami", { headers: { cookie } }), {
    params: Promise.resolve({}),
  });
const cookieMap = (header: string) =>
  new Map(header.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));

describe("dashboard sessions", () => {
  it("refuses a cookie saved before sign-out, everywhere, at once", async () => {
    const user = await makeUser();
    const browser = new NextAuthClient({ "user-agent": "vitest-browser" });
    expect(await browser.signIn(user.email, PASSWORD)).toEqual({ error: null });
    const saved = browser.cookieHeader();

    const res = await callWhoAmI(saved);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: user.id, workspaceId: user.workspace.id });
    const before = await dashboardSession(cookieMap(saved));
    expect(before).toMatchObject({
      userId: user.id,
      user: { email: user.email },
      workspace: { id: user.workspace.id },
    });
    expect(await browser.session()).toMatchObject({ user: { id: user.id, email: user.email } });
    const row = await db().session.findUniqueOrThrow({ where: { id: before!.sessionId } });
    expect(row).toMatchObject({ userId: user.id, revokedAt: null, userAgent: "vitest-browser" });

    await browser.signOut();
    expect(browser.cookieHeader()).not.toContain("session-token");

    const replayed = await callWhoAmI(saved);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ status: 401, detail: "Your session has ended. Sign in again." });
    expect(await dashboardSession(cookieMap(saved))).toBeNull();
    const thief = new NextAuthClient();
    for (const [name, value] of cookieMap(saved)) thief.jar.set(name, value);
    expect(await thief.session()).toEqual({});
    expect(thief.cookieHeader()).not.toContain("session-token"); // next-auth clears an ended session's cookie
    expect((await db().session.findUniqueOrThrow({ where: { id: before!.sessionId } })).revokedAt).toBeInstanceOf(Date);
  });

  it("cannot revive a revoked session: reads, touches and a new sign-in all leave it ended", async () => {
    const user = await makeUser();
    const { sessionId, cookie } = await sessionCookie(user.id);
    expect((await callWhoAmI(cookie)).status).toBe(200);
    expect(await revokeSession({ sessionId })).toBe(true);
    const { revokedAt } = await db().session.findUniqueOrThrow({ where: { id: sessionId } });

    // A stale lastSeenAt would make a read write it; the write is conditional on the session being live.
    await db().session.update({ where: { id: sessionId }, data: { lastSeenAt: new Date(Date.now() - 3600_000) } });
    expect(await findActiveSession(sessionId)).toBeNull();
    expect((await callWhoAmI(cookie)).status).toBe(401);
    expect(await revokeSession({ sessionId })).toBe(false);

    const browser = new NextAuthClient();
    expect(await browser.signIn(user.email, PASSWORD)).toEqual({ error: null });
    const fresh = await dashboardSession(cookieMap(browser.cookieHeader()));
    expect(fresh?.sessionId).not.toBe(sessionId);
    expect((await callWhoAmI(cookie)).status).toBe(401);
    expect(await db().session.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({ revokedAt });
  });

  it("refuses expired, unknown and pre-session cookies", async () => {
    const user = await makeUser();
    const { sessionId, cookie } = await sessionCookie(user.id);
    await db().session.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await callWhoAmI(cookie)).status).toBe(401);

    await db().session.delete({ where: { id: sessionId } });
    expect((await callWhoAmI(cookie)).status).toBe(401);

    // A JWT from before sessions were recorded carries only the user id: signed out.
    const { encode } = await import("next-auth/jwt");
    const legacy = await encode({ token: { uid: user.id, sub: user.id }, secret: process.env.NEXTAUTH_SECRET! });
    expect((await callWhoAmI(`next-auth.session-token=${legacy}`)).status).toBe(401);
  });

  it("marks use at most once a minute and slides the idle expiry", async () => {
    const user = await makeUser();
    const { sessionId, cookie } = await sessionCookie(user.id);
    const recent = new Date(Date.now() - 10_000);
    await db().session.update({ where: { id: sessionId }, data: { lastSeenAt: recent, expiresAt: recent } });
    await db().session.update({
      where: { id: sessionId },
      data: { expiresAt: new Date(recent.getTime() + SESSION_IDLE_MS) },
    });
    expect((await callWhoAmI(cookie)).status).toBe(200);
    expect((await db().session.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt).toEqual(recent);

    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    await db().session.update({
      where: { id: sessionId },
      data: { lastSeenAt: old, expiresAt: new Date(old.getTime() + SESSION_IDLE_MS) },
    });
    expect((await callWhoAmI(cookie)).status).toBe(200);
    const touched = await db().session.findUniqueOrThrow({ where: { id: sessionId } });
    expect(touched.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    expect(touched.expiresAt.getTime()).toBe(touched.lastSeenAt.getTime() + SESSION_IDLE_MS);
  });

  it("deletes a user's sessions that ended over 30 days ago at their next sign-in, and keeps recent ones", async () => {
    const user = await makeUser();
    const longAgo = new Date(Date.now() - 31 * 24 * 3600_000);
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600_000);
    const expired = await sessionCookie(user.id);
    const revoked = await sessionCookie(user.id);
    const recent = await sessionCookie(user.id);
    await db().session.update({ where: { id: expired.sessionId }, data: { expiresAt: longAgo } });
    await db().session.update({ where: { id: revoked.sessionId }, data: { revokedAt: longAgo } });
    await db().session.update({ where: { id: recent.sessionId }, data: { revokedAt: lastWeek } });
    const fresh = await sessionCookie(user.id);
    const left = await db().session.findMany({ where: { userId: user.id }, select: { id: true } });
    expect(left.map((s) => s.id).sort()).toEqual([recent.sessionId, fresh.sessionId].sort());
  });

  it("ends a user's other sessions and keeps the current one", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const current = await sessionCookie(user.id);
    const elsewhere = await sessionCookie(user.id);
    const someoneElse = await sessionCookie(other.id);
    expect(await revokeOtherSessions({ userId: user.id, keepSessionId: current.sessionId })).toBe(1);
    expect((await callWhoAmI(current.cookie)).status).toBe(200);
    expect((await callWhoAmI(elsewhere.cookie)).status).toBe(401);
    expect((await callWhoAmI(someoneElse.cookie)).status).toBe(200);
  });
});
