// Forgot-password requests counted in the database (so the limits hold across web processes), in the sign-in
// throttle's table under their own key prefixes: per address asked about (3 an hour, so nobody can flood a
// person's inbox) and per client address (20 an hour). The database's clock decides, as for sign-in.
import { sql } from "@/server/db/pool";

export const RESET_LIMITS = {
  perEmail: { limit: 3, windowSeconds: 3600 },
  perClient: { limit: 20, windowSeconds: 3600 },
} as const;

export const resetEmailKey = (email: string) => `reset-email:${email.trim().toLowerCase().slice(0, 254)}`;
export const resetClientKey = (address: string) => `reset-client:${address}`;

/**
 * Counts one request against the key. Answers 0 while within the limit, else the seconds until its window ends.
 * A window older than windowSeconds starts over; requests past the limit still count (they keep the window).
 */
export async function countResetRequest(key: string, p: { limit: number; windowSeconds: number }): Promise<number> {
  const [row] = await sql<{ failures: number; seconds: number }>(
    `INSERT INTO "SignInThrottle" AS t ("key", "failures", "windowStart", "lockouts", "updatedAt")
     VALUES ($1, 1, now(), 0, now())
     ON CONFLICT ("key") DO UPDATE SET
       "failures" = CASE WHEN t."windowStart" <= now() - $2::int * interval '1 second' THEN 1 ELSE t."failures" + 1 END,
       "windowStart" = CASE WHEN t."windowStart" <= now() - $2::int * interval '1 second' THEN now() ELSE t."windowStart" END,
       "updatedAt" = now()
     RETURNING "failures",
       extract(epoch from "windowStart" + $2::int * interval '1 second' - now())::float8 AS seconds`,
    [key, p.windowSeconds],
  );
  if (!row || row.failures <= p.limit) return 0;
  return Math.max(1, Math.ceil(row.seconds));
}
