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
import { isIPv6 } from "node:net";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";

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

/** Counts a failure; returns the seconds of the longest lock it started (0 if none). */
export async function recordSignInFailure(keys: SignInKeys): Promise<number> {
  const { pair, address, account } = SIGN_IN_LIMITS;
  const accountFailures = keys.account ? await countFailure(keys.account, account.windowSeconds) : 0;
  const pairLimit = accountFailures >= account.underAttackAt ? account.pairLimitUnderAttack : pair.limit;
  let lockSeconds = 0;
  if (keys.pair) lockSeconds = await countAndLock(keys.pair, { ...pair, limit: pairLimit });
  if (keys.address) lockSeconds = Math.max(lockSeconds, await countAndLock(keys.address, address));
  return lockSeconds;
}

/** One more failure in the key's window (a failure outside it starts a new one); returns the window's count. */
async function countFailure(key: string, windowSeconds: number): Promise<number> {
  // A key quiet for a day forgets its earlier locks.
  const [row] = await sql<{ failures: number }>(
    `insert into "SignInThrottle" as t ("key", "failures", "windowStart", "lockouts", "updatedAt")
     values ($1, 1, now(), 0, now())
     on conflict ("key") do update set
       "failures" = case when t."windowStart" <= now() - $2::int * interval '1 second'
                         then 1 else t."failures" + 1 end,
       "windowStart" = case when t."windowStart" <= now() - $2::int * interval '1 second'
                            then now() else t."windowStart" end,
       "lockouts" = case when t."updatedAt" <= now() - interval '1 day' then 0 else t."lockouts" end,
       "updatedAt" = now()
     returning "failures"`,
    [key, windowSeconds],
  );
  return row?.failures ?? 0;
}

async function countAndLock(key: string, p: Lock): Promise<number> {
  if ((await countFailure(key, p.windowSeconds)) < p.limit) return 0;
  // Only one of several concurrent failures at the limit starts the lock: it resets the count the others match on.
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
