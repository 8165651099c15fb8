// The account page's services against the real database: password change (ends the other sessions, not this
// one), email change (link to the new address, notice to the old, refused when the address was taken meanwhile,
// cancel), profile, and the sessions list (another user's session cannot be ended).
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { outboxTransport } from "@/server/email/outbox-transport";
import { setTransportForTests } from "@/server/email/transports";
import { changePassword } from "@/server/services/account/change-password";
import {
  cancelEmailChange,
  confirmEmailChange,
  pendingEmailChange,
  requestEmailChange,
} from "@/server/services/account/email-change";
import { updateProfile } from "@/server/services/account/update-profile";
import { endOwnSession, listSessions } from "@/server/services/sessions/list-sessions";
import { startSession } from "@/server/services/sessions/start-session";
import { findActiveSession } from "@/server/services/sessions/find-active-session";
import { hashPassword } from "@/server/services/users/password";
import { verifyCredentials } from "@/server/services/users/verify-credentials";

const PASSWORD = "current password 1";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeEach(() => {
  setTransportForTests(outboxTransport());
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  setTransportForTests(null);
  vi.restoreAllMocks();
});

async function makeUser() {
  return db().user.create({
    data: { email: `${randomUUID()}@account.test`, passwordHash: await hashPassword(PASSWORD) },
    select: { id: true, email: true },
  });
}

const mailTo = (address: string) =>
  sql<{ subject: string; text: string; workspaceId: string | null; kind: string }>(
    `SELECT subject, text, "workspaceId", kind FROM "OutboxMessage" WHERE "toAddress" = $1 ORDER BY "createdAt"`,
    [address],
  );
const confirmToken = (text: string) => /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe("password change", () => {
  it("ends every other session of the user but keeps the current one and other users' sessions", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const current = await startSession({ userId: user.id });
    const phone = await startSession({ userId: user.id });
    const stranger = await startSession({ userId: other.id });

    const result = await changePassword({
      userId: user.id,
      sessionId: current.id,
      currentPassword: PASSWORD,
      newPassword: "a much newer password",
    });
    expect(result).toEqual({ otherSessionsEnded: 1 });
    expect(await findActiveSession(current.id)).not.toBeNull();
    expect(await findActiveSession(phone.id)).toBeNull();
    expect(await findActiveSession(stranger.id)).not.toBeNull();
    expect(await verifyCredentials(user.email, "a much newer password")).toMatchObject({ id: user.id });
  });

  it("refuses a wrong current password at its field and changes nothing", async () => {
    const user = await makeUser();
    const current = await startSession({ userId: user.id });
    const phone = await startSession({ userId: user.id });
    await expect(
      changePassword({ userId: user.id, sessionId: current.id, currentPassword: "nope", newPassword: "whatever12345" }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      errors: [{ pointer: "#/currentPassword", detail: "That is not your current password." }],
    });
    expect(await findActiveSession(phone.id)).not.toBeNull();
    expect(await verifyCredentials(user.email, PASSWORD)).toMatchObject({ id: user.id });
  });
});

describe("email change", () => {
  it("mails a link to the new address and a notice to the old; the address changes when the link is opened", async () => {
    const user = await makeUser();
    const newEmail = `${randomUUID()}@new.test`;
    const pending = await requestEmailChange({ userId: user.id, newEmail, currentPassword: PASSWORD });
    expect(pending.newEmail).toBe(newEmail);
    expect(pending.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(await pendingEmailChange(user.id)).toMatchObject({ newEmail });

    const [confirm] = await mailTo(newEmail);
    const [notice] = await mailTo(user.email);
    expect(confirm).toMatchObject({ workspaceId: null, kind: "account", subject: /Confirm your new/ });
    expect(notice).toMatchObject({ workspaceId: null, kind: "account", subject: /about to change/ });
    expect(notice!.text).toContain(newEmail);
    expect(confirmToken(notice!.text)).toBeUndefined(); // the old address never gets the link
    // Nothing changed yet.
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: user.email });

    const token = confirmToken(confirm!.text)!;
    expect(await confirmEmailChange(token)).toEqual({ email: newEmail });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: newEmail });
    expect(await verifyCredentials(newEmail, PASSWORD)).toMatchObject({ id: user.id });
    expect(await pendingEmailChange(user.id)).toBeNull();
    await expect(confirmEmailChange(token)).rejects.toMatchObject({ message: expect.stringMatching(/already used/) });
  });

  it("refuses the change when another account took the address meanwhile", async () => {
    const user = await makeUser();
    const newEmail = `${randomUUID()}@new.test`;
    await requestEmailChange({ userId: user.id, newEmail, currentPassword: PASSWORD });
    const token = confirmToken((await mailTo(newEmail))[0]!.text)!;
    await db().user.create({ data: { email: newEmail, passwordHash: "x" } });

    await expect(confirmEmailChange(token)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Another account already uses this address. Your email was not changed.",
    });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: user.email });
  });

  it("refuses an address already taken, the same address, and a wrong password when asked", async () => {
    const user = await makeUser();
    const other = await makeUser();
    await expect(
      requestEmailChange({ userId: user.id, newEmail: other.email, currentPassword: PASSWORD }),
    ).rejects.toMatchObject({ code: "CONFLICT", errors: [{ pointer: "#/newEmail" }] });
    await expect(
      requestEmailChange({ userId: user.id, newEmail: user.email, currentPassword: PASSWORD }),
    ).rejects.toMatchObject({ code: "VALIDATION", errors: [{ pointer: "#/newEmail" }] });
    await expect(
      requestEmailChange({ userId: user.id, newEmail: `${randomUUID()}@new.test`, currentPassword: "wrong" }),
    ).rejects.toMatchObject({ code: "VALIDATION", errors: [{ pointer: "#/currentPassword" }] });
    expect(await pendingEmailChange(user.id)).toBeNull();
  });

  it("cancelling makes the link useless; a newer request replaces the older link", async () => {
    const user = await makeUser();
    const first = `${randomUUID()}@new.test`;
    const second = `${randomUUID()}@new.test`;
    await requestEmailChange({ userId: user.id, newEmail: first, currentPassword: PASSWORD });
    await requestEmailChange({ userId: user.id, newEmail: second, currentPassword: PASSWORD });
    expect(await pendingEmailChange(user.id)).toMatchObject({ newEmail: second });
    await expect(confirmEmailChange(confirmToken((await mailTo(first))[0]!.text)!)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });

    expect(await cancelEmailChange(user.id)).toBe(true);
    expect(await pendingEmailChange(user.id)).toBeNull();
    await expect(confirmEmailChange(confirmToken((await mailTo(second))[0]!.text)!)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: user.email });
  });
});

describe("profile and sessions", () => {
  it("sets and clears the name", async () => {
    const user = await makeUser();
    expect(await updateProfile({ userId: user.id, name: "  Ada Lovelace " })).toMatchObject({ name: "Ada Lovelace" });
    expect(await updateProfile({ userId: user.id, name: "" })).toMatchObject({ name: null });
  });

  it("lists live sessions with the current one first and ends only the user's own", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const current = await startSession({ userId: user.id, userAgent: CHROME_MAC, ipAddress: "203.0.113.9" });
    const phone = await startSession({ userId: user.id, userAgent: "curl/8.5.0" });
    const ended = await startSession({ userId: user.id });
    await db().session.update({ where: { id: ended.id }, data: { revokedAt: new Date() } });
    const stranger = await startSession({ userId: other.id });

    const list = await listSessions({ userId: user.id, currentSessionId: current.id });
    expect(list.map((s) => [s.id, s.current, s.device])).toEqual([
      [current.id, true, "Chrome on macOS"],
      [phone.id, false, "curl"],
    ]);
    expect(list[0]!.ipAddress).toBe("203.0.113.9");

    await expect(
      endOwnSession({ userId: user.id, sessionId: stranger.id, currentSessionId: current.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await findActiveSession(stranger.id)).not.toBeNull();
    await expect(
      endOwnSession({ userId: user.id, sessionId: current.id, currentSessionId: current.id }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });

    await endOwnSession({ userId: user.id, sessionId: phone.id, currentSessionId: current.id });
    expect(await findActiveSession(phone.id)).toBeNull();
    await expect(
      endOwnSession({ userId: user.id, sessionId: phone.id, currentSessionId: current.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
