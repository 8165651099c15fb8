// Failed sign-ins counted in the database, so the limits hold across every web process (README, Security).
// An account (its normalised email, whether or not a user has it) gets 5 failures in 15 minutes, then a lock of
// 15 minutes that doubles with each further lock the same day (up to a day). A client address gets 30 failures in
// 15 minutes, then 15 minutes. A lock refuses even the right password; a success clears the account's count.
// The database's clock decides, so processes with skewed clocks agree.
import { db } from "@/server/db/client";

type Policy = { limit: number; windowSeconds: number; lockSeconds: number; maxLockSeconds: number };

const ACCOUNT: Policy = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60, maxLockSeconds: 24 * 3600 };
const ADDRESS: Policy = { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60, maxLockSeconds: 15 * 60 };

export const accountKey = (email: string) => `account:${email.trim().toLowerCase().slice(0, 254)}`;
export const addressKey = (address: string) => `address:${address}`;
const policyOf = (key: string) => (key.startsWith("account:") ? ACCOUNT : ADDRESS);

/** Seconds until the longest lock among these keys ends; 0 when none is locked. */
export async function signInLockSeconds(keys: string[]): Promise<number> {
  const rows = await db().$queryRaw<{ seconds: number }[]>`
    select extract(epoch from max("lockedUntil") - now())::float8 as seconds
    from "SignInThrottle" where "key" = any(${keys}::text[]) and "lockedUntil" > now()`;
  return Math.max(0, rows[0]?.seconds ?? 0);
}

/** Counts a failure against each key; returns the seconds of the longest lock it started (0 if none). */
export async function recordSignInFailure(keys: string[]): Promise<number> {
  let lockSeconds = 0;
  for (const key of keys) lockSeconds = Math.max(lockSeconds, await countFailure(key, policyOf(key)));
  return lockSeconds;
}

async function countFailure(key: string, p: Policy): Promise<number> {
  // A failure outside the window starts a new one; a key quiet for a day forgets its earlier locks.
  const [row] = await db().$queryRaw<{ failures: number }[]>`
    insert into "SignInThrottle" as t ("key", "failures", "windowStart", "lockouts", "updatedAt")
    values (${key}, 1, now(), 0, now())
    on conflict ("key") do update set
      "failures" = case when t."windowStart" <= now() - ${p.windowSeconds}::int * interval '1 second'
                        then 1 else t."failures" + 1 end,
      "windowStart" = case when t."windowStart" <= now() - ${p.windowSeconds}::int * interval '1 second'
                           then now() else t."windowStart" end,
      "lockouts" = case when t."updatedAt" <= now() - interval '1 day' then 0 else t."lockouts" end,
      "updatedAt" = now()
    returning "failures"`;
  if (!row || row.failures < p.limit) return 0;
  // Only one of several concurrent failures at the limit starts the lock: it resets the count the others match on.
  const locked = await db().$queryRaw<{ seconds: number }[]>`
    update "SignInThrottle" set
      "lockedUntil" = now() + least(${p.lockSeconds}::int * power(2, "lockouts"), ${p.maxLockSeconds}::int)
                              * interval '1 second',
      "lockouts" = "lockouts" + 1, "failures" = 0, "windowStart" = now()
    where "key" = ${key} and "failures" >= ${p.limit}::int
    returning extract(epoch from "lockedUntil" - now())::float8 as seconds`;
  return locked[0]?.seconds ?? 0;
}

/** A successful sign-in forgets the account's failures and earlier locks (the address keeps its count). */
export async function clearSignInFailures(key: string): Promise<void> {
  await db().signInThrottle.deleteMany({ where: { key } });
}
