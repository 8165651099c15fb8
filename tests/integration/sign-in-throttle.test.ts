// Failed sign-ins are throttled per account and per client address, in the database, with one message whether or
// not the account exists; a lock refuses even the right password; a success clears the account's count.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { hashPassword } from "@/server/services/users/password";
import { signInWithPassword } from "@/server/services/users/sign-in-with-password";
import {
  accountKey,
  addressKey,
  recordSignInFailure,
  signInLockSeconds,
} from "@/server/services/users/sign-in-throttle";
import { NextAuthClient } from "../support/next-auth-client";

const PASSWORD = "correct horse battery";
const LOCKED_15 = "Too many sign-in attempts. Try again in 15 minutes.";

async function makeUser() {
  return db().user.create({
    data: { email: `${randomUUID()}@throttle.test`, passwordHash: await hashPassword(PASSWORD) },
    select: { id: true, email: true },
  });
}
// IPv6 documentation addresses with 96 random bits: 198.51.x.y (65,536 of them) collided between tests once in CI.
const randomAddress = () => {
  const hex = randomUUID().replace(/-/g, "");
  return `2001:db8:${hex.slice(0, 24).match(/.{4}/g)!.join(":")}`;
};

/** The outcome a person sees for one attempt: signed in, wrong credentials, or the throttling message. */
async function attempt(email: string, password: string, clientAddress: string | null) {
  try {
    return (await signInWithPassword({ email, password, clientAddress })) ? "signed in" : "wrong";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("sign-in throttling per account", () => {
  it("locks an account after 5 failures in a row, refusing even the right password, from any address", async () => {
    const user = await makeUser();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await attempt(user.email, "wrong password", randomAddress()));
    expect(outcomes).toEqual(["wrong", "wrong", "wrong", "wrong", LOCKED_15]);
    expect(await attempt(user.email.toUpperCase(), PASSWORD, randomAddress())).toBe(LOCKED_15);
    const row = await db().signInThrottle.findUniqueOrThrow({ where: { key: accountKey(user.email) } });
    expect(row).toMatchObject({ lockouts: 1, failures: 0 });
  }, 60_000);

  it("answers an email without an account exactly as one with an account", async () => {
    const known = await makeUser();
    const unknown = `${randomUUID()}@throttle.test`;
    const seen = { known: [] as string[], unknown: [] as string[] };
    for (let i = 0; i < 6; i++) {
      seen.known.push(await attempt(known.email, "wrong password", randomAddress()));
      seen.unknown.push(await attempt(unknown, "wrong password", randomAddress()));
    }
    expect(seen.unknown).toEqual(seen.known);
    expect(seen.known.slice(-2)).toEqual([LOCKED_15, LOCKED_15]);
  }, 60_000);

  it("forgets the failures after a successful sign-in", async () => {
    const user = await makeUser();
    const keys = [accountKey(user.email), addressKey(randomAddress())];
    // Failures counted directly (each real attempt costs a bcrypt compare); the sign-ins are real.
    for (let i = 0; i < 4; i++) await recordSignInFailure(keys);
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
    for (let i = 0; i < 4; i++) expect(await recordSignInFailure(keys)).toBe(0);
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
  }, 60_000);

  it("makes each further lock the same day twice as long", async () => {
    const email = `${randomUUID()}@throttle.test`;
    const key = accountKey(email);
    for (let i = 0; i < 5; i++) await recordSignInFailure([key]);
    // The first lock has run out (moved into the past rather than waited for).
    await db().signInThrottle.update({ where: { key }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await signInLockSeconds([key])).toBe(0);
    for (let i = 0; i < 4; i++) expect(await recordSignInFailure([key])).toBe(0);
    const seconds = await recordSignInFailure([key]);
    expect(Math.round(seconds / 60)).toBe(30);
    expect(await attempt(email, "anything at all", randomAddress())).toBe(
      "Too many sign-in attempts. Try again in 30 minutes.",
    );
  });
});

describe("sign-in throttling per client address", () => {
  it("locks an address after 30 failures in 15 minutes, for every account, and only that address", async () => {
    const user = await makeUser();
    const address = randomAddress();
    // 29 failures against 29 different accounts (a password spray), then the 30th.
    for (let i = 0; i < 29; i++) await recordSignInFailure([accountKey(`${randomUUID()}@x.test`), addressKey(address)]);
    expect(await attempt(`${randomUUID()}@x.test`, "guess", address)).toBe(LOCKED_15);
    expect(await attempt(user.email, PASSWORD, address)).toBe(LOCKED_15);
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
  }, 60_000);

  it("counts no address when none is known (no TRUST_PROXY): strangers' failures never lock anyone else out", async () => {
    const user = await makeUser();
    // 40 wrong guesses from unknown addresses against 40 other emails: each only counts for its own email.
    for (let i = 0; i < 40; i++) expect(await attempt(`${randomUUID()}@x.test`, "guess", null)).toBe("wrong");
    expect(await attempt(user.email, PASSWORD, null)).toBe("signed in");
    expect(await db().signInThrottle.count({ where: { key: { startsWith: "address:" }, failures: { gte: 30 } } })).toBe(
      0,
    );
  }, 120_000);
});

describe("sign-in throttling through next-auth", () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it("gives the sign-in form the message, and counts the proxy's address only when TRUST_PROXY says so", async () => {
    const user = await makeUser();
    const forged = randomAddress();
    await new NextAuthClient({ "x-forwarded-for": forged }).signIn(user.email, "wrong password");
    expect(await db().signInThrottle.findUnique({ where: { key: addressKey(forged) } })).toBeNull();

    process.env.TRUST_PROXY = "true";
    const address = randomAddress();
    const browser = new NextAuthClient({ "x-forwarded-for": `203.0.113.9, ${address}` });
    expect(await browser.signIn(user.email, "wrong password")).toEqual({ error: "CredentialsSignin" });
    expect(await db().signInThrottle.findUnique({ where: { key: addressKey(address) } })).toMatchObject({
      failures: 1,
    });
    for (let i = 0; i < 3; i++) await browser.signIn(user.email, "wrong password");
    expect(await browser.signIn(user.email, PASSWORD)).toEqual({ error: LOCKED_15 });
    expect(browser.cookieHeader()).not.toContain("session-token");
  }, 60_000);
});
