// Failed sign-ins counted in the database, so the limits hold across every web process (docs/team-and-accounts.md,
// "Failed sign-ins are throttled"). A guess is counted three ways, each over 15 minutes:
// - per account and client address (the pair): 5 failures lock that pair for 15 minutes, twice as long with each
//   further lock the same day (up to a day). Only the address that guessed is refused, and only for that account,
//   so a stranger's guesses never refuse the owner elsewhere.
// - per client address: 30 failures, over any accounts (a password spray), lock the address for 15 minutes.
// - per account, over every address: never a lock, but from 20 failures on the account is under attack and each
//   address gets only 2 failures on it before its pair locks. A distributed guesser then gets 2 guesses per address
//   per window, not 5, while an address that has not been guessing is still answered (the owner gets in).
// An unknown address (server/auth/client-address.ts) is one bucket for the pair and has no address count: one
// shared count would let anyone pause sign-in for everyone. IPv6 addresses count by their /64, which one host
// commonly holds whole. A lock refuses even the right password; a success clears its pair; a password reset clears
// the account's count and all its pairs. The database's clock decides, so processes with skewed clocks agree.
// An attempt is counted before its password is compared (reserveSignInAttempt) and given back if it was right, so
// parallel guesses, from any number of processes, get no more compares than the limit between them.
import { isIPv6 } from "node:net";
import { db } from "@/server/db/client";
import { sql, sqlTransaction } from "@/server/db/pool";

type Lock = { limit: number; windowSeconds: number; lockSeconds: number; maxLockSeconds: number };

const WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_LIMITS = {
  pair: { limit: 5, windowSeconds: WINDOW_SECONDS, lockSeconds: 15 * 60, maxLockSeconds: 24 * 3600 },
  address: { limit: 30, windowSeconds: WINDOW_SECONDS, lockSeconds: 15 * 60, maxLockSeconds: 15 * 60 },
  account: { underAttackAt: 20, pairLimitUnderAttack: 2, windowSeconds: WINDOW_SECONDS },
} as const satisfies { pair: Lock; address: Lock; account: unknown };

const normalEmail = (email: string) => email.trim().toLowerCase().slice(0, 254);

/** The bucket an address counts in: IPv4 as it is, IPv6 by its /64, "unknown" when no address is known. */
export function addressBucket(address: string | null): string {
  if (!address) return "unknown";
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lowercase hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.split("%")[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text); // an IPv4 tail, e.g. 64:ff9b::192.0.2.1
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}

export const accountKey = (email: string) => `account:${normalEmail(email)}`;
export const addressKey = (address: string) => `address:${addressBucket(address)}`;
export const pairKey = (email: string, address: string | null) =>
  `pair:${addressBucket(address)}|${normalEmail(email)}`;

/** The counts one attempt touches: no account without an email, no address count for an unknown address. */
export type SignInKeys = { account: string | null; pair: string | null; address: string | null };

export function signInKeys(email: unknown, address: string | null): SignInKeys {
  const hasEmail = typeof email === "string" && email.trim() !== "";
  return {
    account: hasEmail ? accountKey(email) : null,
    pair: hasEmail ? pairKey(email, address) : null,
    address: address ? addressKey(address) : null,
  };
}

/** Seconds until the longest lock on this attempt's pair or address ends; 0 when neither is locked. */
export async function signInLockSeconds(keys: SignInKeys): Promise<number> {
  const locking = [keys.pair, keys.address].filter((key): key is string => key !== null);
  const rows = await sql<{ seconds: number }>(
    `select extract(epoch from max("lockedUntil") - now())::float8 as seconds
     from "SignInThrottle" where "key" = any($1::text[]) and "lockedUntil" > now()`,
    [locking],
  );
  return Math.max(0, rows[0]?.seconds ?? 0);
}

/** An attempt counted before its password is compared (reserveSignInAttempt), to be settled once it is. */
export type SignInAttempt = { keys: SignInKeys; pairLimit: number };

type Held = { key: string; failures: number; lockSeconds: number; lockouts: number };

/**
 * Counts an attempt as a failure before its password is compared, or refuses it: while its pair or address is
 * locked, and while attempts already counted fill the pair's or the address's limit (parallel guesses wait for
 * those to be answered instead of all being compared). Its counts' rows are locked in key order for the
 * decision, so parallel attempts of one pair, from any process, are decided one at a time. Settle the attempt
 * with failSignInAttempt or passSignInAttempt.
 */
export async function reserveSignInAttempt(
  keys: SignInKeys,
): Promise<{ attempt: SignInAttempt } | { lockSeconds: number }> {
  const { pair, address, account } = SIGN_IN_LIMITS;
  const counted = [keys.account, keys.address, keys.pair].filter((key): key is string => key !== null).sort();
  if (counted.length === 0) return { attempt: { keys, pairLimit: pair.limit } };
  return sqlTransaction(async (query) => {
    await query(
      `INSERT INTO "SignInThrottle" ("key", "failures", "windowStart", "lockouts", "updatedAt")
       SELECT k, 0, now(), 0, now() FROM unnest($1::text[]) AS k ORDER BY k ON CONFLICT ("key") DO NOTHING`,
      [counted],
    );
    // A window that has ended counts from zero; a key quiet for a day forgets its earlier locks.
    const { rows } = await query<Held>(
      `SELECT "key",
              CASE WHEN "windowStart" <= now() - $2::int * interval '1 second' THEN 0 ELSE "failures" END AS failures,
              greatest(0, coalesce(extract(epoch from "lockedUntil" - now()), 0))::float8 AS "lockSeconds",
              CASE WHEN "updatedAt" <= now() - interval '1 day' THEN 0 ELSE "lockouts" END AS lockouts
         FROM "SignInThrottle" WHERE "key" = any($1::text[]) ORDER BY "key" FOR UPDATE`,
      [counted, WINDOW_SECONDS],
    );
    const held = new Map(rows.map((row) => [row.key, row]));
    const of = (key: string | null) => (key === null ? undefined : held.get(key));
    const accountFailures = (of(keys.account)?.failures ?? 0) + 1;
    const pairLimit = accountFailures >= account.underAttackAt ? account.pairLimitUnderAttack : pair.limit;
    let lockSeconds = 0;
    for (const [row, lock, limit] of [
      [of(keys.pair), pair, pairLimit],
      [of(keys.address), address, address.limit],
    ] as const) {
      if (!row) continue;
      if (row.lockSeconds > 0) lockSeconds = Math.max(lockSeconds, row.lockSeconds);
      // Full of attempts still being answered: refused for as long as the lock they are about to start.
      else if (row.failures >= limit) lockSeconds = Math.max(lockSeconds, lockLength(lock, row.lockouts));
    }
    if (lockSeconds > 0) return { lockSeconds };
    await query(
      `UPDATE "SignInThrottle" SET
         "failures" = CASE WHEN "windowStart" <= now() - $2::int * interval '1 second' THEN 1 ELSE "failures" + 1 END,
         "windowStart" = CASE WHEN "windowStart" <= now() - $2::int * interval '1 second'
                              THEN now() ELSE "windowStart" END,
         "lockouts" = CASE WHEN "updatedAt" <= now() - interval '1 day' THEN 0 ELSE "lockouts" END,
         "updatedAt" = now()
       WHERE "key" = any($1::text[])`,
      [counted, WINDOW_SECONDS],
    );
    return { attempt: { keys, pairLimit } };
  });
}

const lockLength = (p: Lock, lockouts: number) => Math.min(p.lockSeconds * 2 ** lockouts, p.maxLockSeconds);

/** A wrong password: the attempt stays counted; returns the seconds of the longest lock it started (0 if none). */
export async function failSignInAttempt({ keys, pairLimit }: SignInAttempt): Promise<number> {
  let lockSeconds = 0;
  if (keys.pair) lockSeconds = await lockAtLimit(keys.pair, { ...SIGN_IN_LIMITS.pair, limit: pairLimit });
  if (keys.address) lockSeconds = Math.max(lockSeconds, await lockAtLimit(keys.address, SIGN_IN_LIMITS.address));
  return lockSeconds;
}

/**
 * The right password: the attempt no longer counts. `forgetPair` (a sign-in) also forgets the pair's failures and
 * earlier locks; the address and the account keep theirs. Also for an attempt that could not be answered.
 */
export async function passSignInAttempt({ keys }: SignInAttempt, { forgetPair }: { forgetPair: boolean }) {
  const release = [keys.account, keys.address, forgetPair ? null : keys.pair].filter((k): k is string => k !== null);
  if (release.length)
    await sql(`UPDATE "SignInThrottle" SET "failures" = greatest("failures" - 1, 0) WHERE "key" = any($1::text[])`, [
      release,
    ]);
  if (forgetPair) await clearSignInFailures(keys);
}

/** Counts a failure without comparing a password; the seconds of the lock it started (0 if none, or if refused). */
export async function recordSignInFailure(keys: SignInKeys): Promise<number> {
  const reserved = await reserveSignInAttempt(keys);
  return "attempt" in reserved ? failSignInAttempt(reserved.attempt) : 0;
}

async function lockAtLimit(key: string, p: Lock): Promise<number> {
  // Only one of several failures at the limit starts the lock: it resets the count the others match on.
  const locked = await sql<{ seconds: number }>(
    `update "SignInThrottle" set
       "lockedUntil" = now() + least($2::int * power(2, "lockouts"), $3::int) * interval '1 second',
       "lockouts" = "lockouts" + 1, "failures" = 0, "windowStart" = now()
     where "key" = $1 and "failures" >= $4::int
     returning extract(epoch from "lockedUntil" - now())::float8 as seconds`,
    [key, p.lockSeconds, p.maxLockSeconds, p.limit],
  );
  return locked[0]?.seconds ?? 0;
}

/** A successful sign-in forgets its pair's failures and earlier locks (the address and the account keep theirs). */
export async function clearSignInFailures(keys: SignInKeys): Promise<void> {
  if (keys.pair) await db().signInThrottle.deleteMany({ where: { key: keys.pair } });
}

/**
 * A password reset: whoever was guessing now guesses a password that no longer exists, so the account's count and
 * every pair of it (any address) are forgotten and the owner signs in at once from anywhere. Address counts stay:
 * they hold other accounts' guesses too.
 */
export async function clearAccountThrottle(email: string): Promise<void> {
  const normal = normalEmail(email);
  // A bucket never holds "|", so the account is everything after the first one.
  await sql(
    `DELETE FROM "SignInThrottle"
      WHERE "key" = $1 OR ("key" LIKE 'pair:%' AND substr("key", strpos("key", '|') + 1) = $2)`,
    [accountKey(normal), normal],
  );
}
