// Sign-in bookkeeping that no longer matters: sessions that ended more than ENDED_SESSION_RETENTION_MS ago (a user's
// own sign-in also clears theirs, but users who never come back would keep them forever), and throttle counters
// quiet for a day with no lock running (a key quiet that long has forgotten its earlier locks anyway); account
// links (reset, email change) dead for a day, and the outbox's copies of account mail after a week (their links are
// dead by then; the rows only kept a person's address and a used link).
import { sql } from "@/server/db/pool";
import { ENDED_SESSION_RETENTION_MS } from "./session-policy";

/** Deletes sessions that ended over ENDED_SESSION_RETENTION_MS ago: every user's, or only `userId`'s. */
export async function deleteEndedSessions(userId?: string): Promise<number> {
  // The database's clock decides, as it does for the throttle itself.
  const rows = await sql(
    `DELETE FROM "Session"
      WHERE ("expiresAt" < now() - $1::int * interval '1 second'
          OR "revokedAt" < now() - $1::int * interval '1 second')
        AND ($2::uuid IS NULL OR "userId" = $2::uuid)
      RETURNING 1`,
    [ENDED_SESSION_RETENTION_MS / 1000, userId ?? null],
  );
  return rows.length;
}

export const ACCOUNT_MAIL_RETENTION_DAYS = 7;

export async function pruneSignInRecords(): Promise<{
  sessions: number;
  throttles: number;
  accountTokens: number;
  accountMail: number;
}> {
  const sessions = await deleteEndedSessions();
  const throttles = await sql(
    `DELETE FROM "SignInThrottle"
      WHERE "updatedAt" <= now() - interval '1 day' AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
      RETURNING 1`,
    [],
  );
  const accountTokens = await sql(
    `DELETE FROM "AccountToken"
      WHERE coalesce("usedAt", "expiresAt") < now() - interval '1 day' AND ("usedAt" IS NOT NULL OR "expiresAt" < now())
      RETURNING 1`,
    [],
  );
  const accountMail = await sql(
    `DELETE FROM "OutboxMessage"
      WHERE "workspaceId" IS NULL AND kind = 'account' AND "createdAt" < now() - $1::int * interval '1 day'
      RETURNING 1`,
    [ACCOUNT_MAIL_RETENTION_DAYS],
  );
  return {
    sessions,
    throttles: throttles.length,
    accountTokens: accountTokens.length,
    accountMail: accountMail.length,
  };
}
