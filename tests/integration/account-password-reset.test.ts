// Forgot password end to end against the real database and the outbox transport: the neutral answer, the link in
// the mail, single use, expiry, replacement by a newer link, the limits, and what a reset ends.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { outboxTransport } from "@/server/email/outbox-transport";
import { setTransportForTests } from "@/server/email/transports";
import { requestPasswordReset, resetAnswer } from "@/server/services/account/request-password-reset";
import { resetLinkState, resetPassword } from "@/server/services/account/reset-password";
import { hashAccountToken } from "@/server/services/account/account-token";
import { startSession } from "@/server/services/sessions/start-session";
import { findActiveSession } from "@/server/services/sessions/find-active-session";
import { hashPassword } from "@/server/services/users/password";
import { verifyCredentials } from "@/server/services/users/verify-credentials";
import { signInWithPassword } from "@/server/services/users/sign-in-with-password";
import {
  accountKey,
  recordSignInFailure,
  signInKeys,
  signInLockSeconds,
} from "@/server/services/users/sign-in-throttle";

const OLD = "old password 123";
const NEW = "brand new password 456";

beforeEach(() => {
  setTransportForTests(outboxTransport());
  vi.spyOn(console, "info").mockImplementation(() => {}); // the outbox's log line for account mail
});
afterEach(() => {
  setTransportForTests(null);
  vi.restoreAllMocks();
});

async function makeUser() {
  return db().user.create({
    data: { email: `${randomUUID()}@reset.test`, passwordHash: await hashPassword(OLD) },
    select: { id: true, email: true },
  });
}

/** The reset links mailed to an address, oldest first (from the stored account mail's text). */
async function resetLinks(email: string): Promise<string[]> {
  const rows = await sql<{ text: string; workspaceId: string | null; kind: string }>(
    `SELECT text, "workspaceId", kind FROM "OutboxMessage" WHERE "toAddress" = $1 ORDER BY "createdAt"`,
    [email],
  );
  for (const row of rows) expect(row).toMatchObject({ workspaceId: null, kind: "account" });
  return rows.map((row) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(row.text)![1]!);
}

async function requestFor(email: string, clientAddress: string | null = null) {
  const { message, delivery } = await requestPasswordReset({ email, clientAddress });
  return { message, outcome: await delivery };
}

describe("forgot password", () => {
  it("answers the same words for an address with and without an account; only the account gets a link", async () => {
    const user = await makeUser();
    const unknown = `${randomUUID()}@reset.test`;
    const known = await requestFor(user.email);
    const absent = await requestFor(unknown);
    expect(known.message).toBe(resetAnswer(user.email));
    expect(absent.message).toBe(resetAnswer(unknown));
    expect(absent.message.replace(unknown, "x")).toBe(known.message.replace(user.email, "x"));
    expect([known.outcome, absent.outcome]).toEqual(["sent", "no-account"]);
    expect(await resetLinks(user.email)).toHaveLength(1);
    expect(await resetLinks(unknown)).toHaveLength(0);
  });

  it("says where the link is: the server log with the outbox transport, else the inbox (or spam folder)", async () => {
    const user = await makeUser();
    const offline = await requestFor(user.email);
    expect(offline.message).toContain("the link is in its server log, so ask the person who runs Sendwell");
    expect(offline.message).not.toMatch(/spam/i);

    const delivered: string[] = [];
    setTransportForTests({
      name: "smtp",
      sendBatch: async (emails) => {
        delivered.push(...emails.map((email) => email.to));
        return { providerMessageIds: emails.map(() => null) };
      },
    });
    const online = await requestFor(user.email);
    expect(online.outcome).toBe("sent");
    expect(delivered).toEqual([user.email]);
    expect(online.message).toContain("Check your spam folder if nothing arrives in a few minutes.");
    expect(online.message).not.toMatch(/server log/);
  });

  it("answers before the account-dependent work: a send still in flight does not hold the answer", async () => {
    const user = await makeUser();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const real = outboxTransport();
    setTransportForTests({
      name: "outbox",
      sendBatch: async (emails, options) => {
        await held; // the mail provider is slow today
        return real.sendBatch(emails, options);
      },
    });
    const { message, delivery } = await requestPasswordReset({ email: user.email, clientAddress: null });
    expect(message).toBe(resetAnswer(user.email));
    expect(await resetLinks(user.email)).toHaveLength(0); // answered while the email is still on its way
    release();
    expect(await delivery).toBe("sent");
    expect(await resetLinks(user.email)).toHaveLength(1);
  });

  it("stores only the hash of the link's token, valid for one hour", async () => {
    const user = await makeUser();
    await requestFor(user.email);
    const [token] = await resetLinks(user.email);
    const row = await db().accountToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashAccountToken(token!));
    expect(row.tokenHash).not.toContain(token!);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3600_000);
    expect(await resetLinkState(token!)).toBe("valid");
  });

  it("sets the password once per link, ends every session and clears the account's sign-in locks", async () => {
    const user = await makeUser();
    const a = await startSession({ userId: user.id, userAgent: "laptop" });
    const b = await startSession({ userId: user.id, userAgent: "phone" });
    // The owner guessed at home until locked out there, and the account is under attack from elsewhere.
    const home = "203.0.113.50";
    for (let i = 0; i < 5; i++) await recordSignInFailure(signInKeys(user.email, home));
    for (let i = 0; i < 20; i++) await recordSignInFailure(signInKeys(user.email, `198.51.100.${i}`));
    expect(await signInLockSeconds(signInKeys(user.email, home))).toBeGreaterThan(0);

    await requestFor(user.email);
    const [token] = await resetLinks(user.email);
    expect(await resetPassword({ token: token!, newPassword: NEW })).toEqual({ email: user.email });

    expect(await findActiveSession(a.id)).toBeNull();
    expect(await findActiveSession(b.id)).toBeNull();
    expect(await signInLockSeconds(signInKeys(user.email, home))).toBe(0);
    expect(await db().signInThrottle.count({ where: { key: { endsWith: `|${user.email}` } } })).toBe(0);
    expect(await db().signInThrottle.count({ where: { key: accountKey(user.email) } })).toBe(0);
    expect(await signInWithPassword({ email: user.email, password: NEW, clientAddress: home })).toMatchObject({
      id: user.id,
    });
    expect(await verifyCredentials(user.email, OLD)).toBeNull();
    expect(await verifyCredentials(user.email, NEW)).toMatchObject({ id: user.id });

    await expect(resetPassword({ token: token!, newPassword: "a third password!" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/already used/),
    });
    expect(await resetLinkState(token!)).toBe("used");
    expect(await verifyCredentials(user.email, NEW)).toMatchObject({ id: user.id });
  });

  it("refuses an expired link and a wrong or malformed one", async () => {
    const user = await makeUser();
    await requestFor(user.email);
    const [token] = await resetLinks(user.email);
    await db().accountToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await resetLinkState(token!)).toBe("expired");
    await expect(resetPassword({ token: token!, newPassword: NEW })).rejects.toMatchObject({
      message: expect.stringMatching(/expired/),
    });
    const wrong = `${token!.slice(0, 42)}${token!.endsWith("A") ? "B" : "A"}`;
    expect(await resetLinkState(wrong)).toBe("unknown");
    expect(await resetLinkState("short")).toBe("unknown");
    await expect(resetPassword({ token: wrong, newPassword: NEW })).rejects.toMatchObject({
      message: expect.stringMatching(/not valid/),
    });
    expect(await verifyCredentials(user.email, OLD)).toMatchObject({ id: user.id });
  });

  it("makes an earlier link useless when a new one is requested", async () => {
    const user = await makeUser();
    await requestFor(user.email);
    await requestFor(user.email);
    const [first, second] = await resetLinks(user.email);
    expect(await resetLinkState(first!)).toBe("used");
    await expect(resetPassword({ token: first!, newPassword: NEW })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await resetPassword({ token: second!, newPassword: NEW });
    expect(await verifyCredentials(user.email, NEW)).toMatchObject({ id: user.id });
  });

  it("sends at most 3 links an hour to one address, with the same answer past the limit", async () => {
    const user = await makeUser();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await requestFor(user.email));
    expect(outcomes.map((o) => o.outcome)).toEqual(["sent", "sent", "sent", "limited", "limited"]);
    expect(new Set(outcomes.map((o) => o.message))).toEqual(new Set([resetAnswer(user.email)]));
    expect(await resetLinks(user.email)).toHaveLength(3);
  });

  it("refuses a 21st request in an hour from one client address, saying when to retry", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    await sql(`DELETE FROM "SignInThrottle" WHERE key = $1`, [`reset-client:${address}`]);
    for (let i = 0; i < 20; i++) await requestFor(`${randomUUID()}@reset.test`, address);
    await expect(
      requestPasswordReset({ email: `${randomUUID()}@reset.test`, clientAddress: address }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/Try again in 60 minutes/),
    });
  });
});
