// Sign-in bookkeeping that no longer matters: sessions that ended more than ENDED_SESSION_RETENTION_MS ago (a user's
// own sign-in also clears theirs, but users who never come back would keep them forever), and throttle counters
// quiet for a day with no lock running (a key quiet that long has forgotten its earlier locks anyway).
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

export async function pruneSignInRecords(): Promise<{ sessions: number; throttles: number }> {
  const sessions = await deleteEndedSessions();
  const throttles = await sql(
    `DELETE FROM "SignInThrottle"
      WHERE "updatedAt" <= now() - interval '1 day' AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
      RETURNING 1`,
    [],
  );
  return { sessions, throttles: throttles.length };
}
