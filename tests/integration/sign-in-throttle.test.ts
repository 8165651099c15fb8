// Failed sign-ins are throttled per (account, client address) and per client address, and only slowed per account:
// a stranger's guesses lock the stranger's address out of the account, never the owner elsewhere; a distributed
// attack gets fewer guesses per address once the account is under attack; one message whether or not the account
// exists; a success clears its pair; wrong current passwords on the account page count like failed sign-ins.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { CLIENT_ADDRESS_HEADER } from "@/server/auth/client-address";
import { checkCurrentPassword } from "@/server/services/account/check-current-password";
import { hashPassword } from "@/server/services/users/password";
import { signInWithPassword } from "@/server/services/users/sign-in-with-password";
import {
  addressBucket,
  addressKey,
  pairKey,
  recordSignInFailure,
  signInKeys,
  signInLockSeconds,
  SIGN_IN_LIMITS,
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
// IPv6 documentation addresses with random bits in the /64 the throttle counts by (198.51.x.y, 65,536 of them,
// collided between tests once in CI).
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

describe("sign-in throttling per account and client address", () => {
  it("locks the stranger's address out of the account after 5 failures; the owner elsewhere still signs in", async () => {
    const user = await makeUser();
    const stranger = randomAddress();
    const owner = randomAddress();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await attempt(user.email, "wrong password", stranger));
    expect(outcomes).toEqual(["wrong", "wrong", "wrong", "wrong", LOCKED_15]);
    // The stranger's address is refused even the right password (it cannot go on guessing)…
    expect(await attempt(user.email.toUpperCase(), PASSWORD, stranger)).toBe(LOCKED_15);
    // …and more guesses from it are refused without a look at the password.
    expect(await attempt(user.email, "another guess", stranger)).toBe(LOCKED_15);
    // The owner, at another address, is not.
    expect(await attempt(user.email, PASSWORD, owner)).toBe("signed in");
    const row = await db().signInThrottle.findUniqueOrThrow({ where: { key: pairKey(user.email, stranger) } });
    expect(row).toMatchObject({ lockouts: 1, failures: 0 });
  }, 60_000);

  it("answers an email without an account exactly as one with an account", async () => {
    const known = await makeUser();
    const unknown = `${randomUUID()}@throttle.test`;
    const address = randomAddress();
    const seen = { known: [] as string[], unknown: [] as string[] };
    for (let i = 0; i < 6; i++) {
      seen.known.push(await attempt(known.email, "wrong password", address));
      seen.unknown.push(await attempt(unknown, "wrong password", address));
    }
    expect(seen.unknown).toEqual(seen.known);
    expect(seen.known.slice(-2)).toEqual([LOCKED_15, LOCKED_15]);
  }, 60_000);

  it("forgets the pair's failures after a successful sign-in from that address", async () => {
    const user = await makeUser();
    const address = randomAddress();
    const keys = signInKeys(user.email, address);
    // Failures counted directly (each real attempt costs a bcrypt compare); the sign-ins are real.
    for (let i = 0; i < 4; i++) await recordSignInFailure(keys);
    expect(await attempt(user.email, PASSWORD, address)).toBe("signed in");
    for (let i = 0; i < 4; i++) expect(await recordSignInFailure(keys)).toBe(0);
    expect(await attempt(user.email, PASSWORD, address)).toBe("signed in");
  }, 60_000);

  it("makes each further lock of a pair the same day twice as long", async () => {
    const email = `${randomUUID()}@throttle.test`;
    const address = randomAddress();
    const keys = signInKeys(email, address);
    for (let i = 0; i < 5; i++) await recordSignInFailure(keys);
    // The first lock has run out (moved into the past rather than waited for).
    await db().signInThrottle.update({
      where: { key: keys.pair! },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    expect(await signInLockSeconds(keys)).toBe(0);
    for (let i = 0; i < 4; i++) expect(await recordSignInFailure(keys)).toBe(0);
    const seconds = await recordSignInFailure(keys);
    expect(Math.round(seconds / 60)).toBe(30);
    expect(await attempt(email, "anything at all", address)).toBe(
      "Too many sign-in attempts. Try again in 30 minutes.",
    );
    expect(await attempt(email, "anything at all", randomAddress())).toBe("wrong");
  });

  it("counts the addresses of one IPv6 /64 as one", async () => {
    const user = await makeUser();
    const prefix = randomAddress().split(":").slice(0, 4).join(":");
    for (let i = 1; i <= 4; i++) expect(await attempt(user.email, "wrong password", `${prefix}::${i}`)).toBe("wrong");
    expect(await attempt(user.email, "wrong password", `${prefix}:ffff:0:0:5`)).toBe(LOCKED_15);
    expect(await attempt(user.email, PASSWORD, `${prefix}::6`)).toBe(LOCKED_15);
    expect(addressBucket(`${prefix}::6`)).toBe(addressBucket(`${prefix}:0:0:0:1`));
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("64:ff9b:1:2:3:4:192.0.2.1")).toBe("64:ff9b:1:2::/64");
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket(null)).toBe("unknown");
  }, 60_000);
});

describe("sign-in throttling per account, over every address", () => {
  it("gives each address only 2 guesses once the account is under attack, and still lets the owner in", async () => {
    const user = await makeUser();
    const { underAttackAt, pairLimitUnderAttack } = SIGN_IN_LIMITS.account;
    expect([underAttackAt, pairLimitUnderAttack]).toEqual([20, 2]);
    // A botnet: 20 failures from 20 addresses, each far below its own limit of 5.
    for (let i = 0; i < underAttackAt; i++) await recordSignInFailure(signInKeys(user.email, randomAddress()));

    const bot = randomAddress();
    expect(await attempt(user.email, "guess 1", bot)).toBe("wrong");
    expect(await attempt(user.email, "guess 2", bot)).toBe(LOCKED_15);
    expect(await attempt(user.email, PASSWORD, bot)).toBe(LOCKED_15);
    // An address that has not been guessing is answered, so the owner gets in; a wrong password there still counts.
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
    // Other accounts are not under attack: 5 guesses per address as usual.
    const other = await makeUser();
    for (let i = 0; i < 4; i++) await recordSignInFailure(signInKeys(other.email, bot));
    expect(await signInLockSeconds(signInKeys(other.email, bot))).toBe(0);
  }, 60_000);
});

describe("sign-in throttling per client address", () => {
  it("locks an address after 30 failures in 15 minutes, for every account, and only that address", async () => {
    const user = await makeUser();
    const address = randomAddress();
    // 29 failures against 29 different accounts (a password spray), then the 30th.
    for (let i = 0; i < 29; i++) await recordSignInFailure(signInKeys(`${randomUUID()}@x.test`, address));
    expect(await attempt(`${randomUUID()}@x.test`, "guess", address)).toBe(LOCKED_15);
    expect(await attempt(user.email, PASSWORD, address)).toBe(LOCKED_15);
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
  }, 60_000);

  it("counts no address when none is known, only the account's unknown-address pair", async () => {
    const user = await makeUser();
    // 40 wrong guesses from unknown addresses against 40 other emails: each only counts for its own email.
    for (let i = 0; i < 40; i++) expect(await attempt(`${randomUUID()}@x.test`, "guess", null)).toBe("wrong");
    expect(await attempt(user.email, PASSWORD, null)).toBe("signed in");
    expect(await db().signInThrottle.count({ where: { key: addressKey("unknown") } })).toBe(0);
    // Guesses without an address lock only sign-ins without one.
    for (let i = 0; i < 5; i++) await recordSignInFailure(signInKeys(user.email, null));
    expect(await attempt(user.email, PASSWORD, null)).toBe(LOCKED_15);
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
  }, 120_000);
});

describe("wrong current passwords on the account page", () => {
  it("count as failed sign-ins from the client's address", async () => {
    const user = await makeUser();
    const thief = randomAddress();
    const check = (password: string, clientAddress: string | null) =>
      checkCurrentPassword({ userId: user.id, password, clientAddress }).then(
        () => "right",
        (error: Error) => error.message,
      );
    for (let i = 0; i < 5; i++) expect(await check("not it", thief)).toBe("Check the highlighted fields.");
    expect(await check(PASSWORD, thief)).toBe("Too many wrong passwords. Try again in 15 minutes.");
    expect(await attempt(user.email, PASSWORD, thief)).toBe(LOCKED_15);
    expect(await check(PASSWORD, randomAddress())).toBe("right");
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
  }, 60_000);
});

describe("sign-in throttling through next-auth", () => {
  const FRONT_SERVER = Symbol.for("sendwell.frontServer");
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[FRONT_SERVER];
  });

  it("gives the sign-in form the message, and never counts an address the client wrote", async () => {
    const user = await makeUser();
    const forged = randomAddress();
    // Without the front server in this process, neither a forwarding header nor its own header is believed.
    await new NextAuthClient({ "x-forwarded-for": forged }).signIn(user.email, "wrong password");
    await new NextAuthClient({ [CLIENT_ADDRESS_HEADER]: forged }).signIn(user.email, "wrong password");
    expect(await db().signInThrottle.findUnique({ where: { key: addressKey(forged) } })).toBeNull();
  }, 60_000);

  it("counts the address the front server resolved (edge/client-address.ts: the connection, or TRUST_PROXY's)", async () => {
    (globalThis as Record<symbol, unknown>)[FRONT_SERVER] = CLIENT_ADDRESS_HEADER;
    const user = await makeUser();
    const address = randomAddress();
    const stranger = new NextAuthClient({ [CLIENT_ADDRESS_HEADER]: address, "x-forwarded-for": randomAddress() });
    expect(await stranger.signIn(user.email, "wrong password")).toEqual({ error: "CredentialsSignin" });
    expect(await db().signInThrottle.findUnique({ where: { key: addressKey(address) } })).toMatchObject({
      failures: 1,
    });
    for (let i = 0; i < 3; i++) await stranger.signIn(user.email, "wrong password");
    expect(await stranger.signIn(user.email, "wrong password")).toEqual({ error: LOCKED_15 });
    expect(await stranger.signIn(user.email, PASSWORD)).toEqual({ error: LOCKED_15 });
    expect(stranger.cookieHeader()).not.toContain("session-token");
    expect(await db().signInThrottle.findUnique({ where: { key: pairKey(user.email, address) } })).toMatchObject({
      lockouts: 1,
    });

    // The owner, at another address, signs in.
    const owner = new NextAuthClient({ [CLIENT_ADDRESS_HEADER]: randomAddress() });
    expect(await owner.signIn(user.email, PASSWORD)).toEqual({ error: null });
    expect(owner.cookieHeader()).toContain("session-token");
  }, 60_000);
});

describe("parallel guesses", () => {
  it("of one pair get at most the limit's compares between them; the rest are refused as locked", async () => {
    const user = await makeUser();
    const address = randomAddress();
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, i) => attempt(user.email, `wrong password ${i}`, address)),
    );
    const wrong = outcomes.filter((o) => o === "wrong").length;
    // Each "wrong" was compared, and so was the one whose failure started the lock (answered with the lock).
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThanOrEqual(SIGN_IN_LIMITS.pair.limit - 1);
    expect(outcomes.filter((o) => o !== "wrong").every((o) => o === LOCKED_15)).toBe(true);
    const row = await db().signInThrottle.findUniqueOrThrow({ where: { key: pairKey(user.email, address) } });
    expect(row).toMatchObject({ lockouts: 1 });
    // The owner elsewhere is not affected, and the address's count holds only the compared guesses.
    expect(await attempt(user.email, PASSWORD, randomAddress())).toBe("signed in");
    const counted = await db().signInThrottle.findUniqueOrThrow({ where: { key: addressKey(address) } });
    expect(counted.failures).toBe(SIGN_IN_LIMITS.pair.limit);
  }, 60_000);

  it("give a right password's attempt back: the address and the account count only failures", async () => {
    const user = await makeUser();
    const address = randomAddress();
    for (let i = 0; i < 3; i++) expect(await attempt(user.email, PASSWORD, address)).toBe("signed in");
    expect(await db().signInThrottle.findUnique({ where: { key: addressKey(address) } })).toMatchObject({
      failures: 0,
    });
    expect(await attempt(user.email, "wrong password", address)).toBe("wrong");
    expect(await db().signInThrottle.findUnique({ where: { key: addressKey(address) } })).toMatchObject({
      failures: 1,
    });
  }, 60_000);
});
