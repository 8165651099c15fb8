// The bounce mailbox reader's row (BounceMailboxStatus, id 1): a lease so one worker reads the mailbox at a time (a
// second worker finds it taken and waits for the next poll; a crashed one's lease runs out), and the counts and last
// error the settings page shows.
import { sql } from "@/server/db/pool";

export const LEASE_MS = 5 * 60_000;

/** Takes (or renews) the lease for `owner`; false when another worker holds it. */
export async function takeMailboxLease(owner: string, ms = LEASE_MS): Promise<boolean> {
  const rows = await sql(
    `INSERT INTO "BounceMailboxStatus" (id, "leaseOwner", "leaseUntil", "updatedAt")
     VALUES (1, $1, now() + make_interval(secs => $2::double precision / 1000), now())
     ON CONFLICT (id) DO UPDATE SET "leaseOwner" = EXCLUDED."leaseOwner", "leaseUntil" = EXCLUDED."leaseUntil",
                                    "updatedAt" = now()
      WHERE "BounceMailboxStatus"."leaseUntil" IS NULL OR "BounceMailboxStatus"."leaseUntil" < now()
         OR "BounceMailboxStatus"."leaseOwner" = EXCLUDED."leaseOwner"
     RETURNING id`,
    [owner, ms],
  );
  return rows.length > 0;
}

export async function releaseMailboxLease(owner: string): Promise<void> {
  await sql(`UPDATE "BounceMailboxStatus" SET "leaseUntil" = NULL WHERE id = 1 AND "leaseOwner" = $1`, [owner]);
}

export type PollCounts = { processed: number; applied: number; unrecognised: number };

/** Adds a batch's counts (and renews the lease while the poll goes on). */
export async function recordMailboxCounts(owner: string, c: PollCounts): Promise<void> {
  await sql(
    `UPDATE "BounceMailboxStatus"
        SET processed = processed + $2, applied = applied + $3, unrecognised = unrecognised + $4,
            "leaseUntil" = CASE WHEN "leaseOwner" = $1 THEN now() + make_interval(secs => $5::double precision / 1000)
                                ELSE "leaseUntil" END,
            "updatedAt" = now()
      WHERE id = 1`,
    [owner, c.processed, c.applied, c.unrecognised, LEASE_MS],
  );
}

/** The end of a poll: when, and its error (null: it went through, and an earlier error is no longer current). */
export async function recordMailboxPoll(error: string | null): Promise<void> {
  await sql(
    `INSERT INTO "BounceMailboxStatus" (id, "lastPollAt", "lastSuccessAt", "lastError", "lastErrorAt", "updatedAt")
     VALUES (1, now(), CASE WHEN $1::text IS NULL THEN now() END, $1::text, CASE WHEN $1::text IS NOT NULL THEN now() END,
             now())
     ON CONFLICT (id) DO UPDATE SET
       "lastPollAt" = now(),
       "lastSuccessAt" = CASE WHEN $1::text IS NULL THEN now() ELSE "BounceMailboxStatus"."lastSuccessAt" END,
       "lastError" = $1::text,
       "lastErrorAt" = CASE WHEN $1::text IS NOT NULL THEN now() ELSE "BounceMailboxStatus"."lastErrorAt" END,
       "updatedAt" = now()`,
    [error === null ? null : error.slice(0, 1_000)],
  );
}

export type MailboxStatusRow = PollCounts & {
  lastPollAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
};

export async function readMailboxStatus(): Promise<MailboxStatusRow | null> {
  const rows = await sql<MailboxStatusRow>(
    `SELECT processed, applied, unrecognised, "lastPollAt", "lastSuccessAt", "lastError", "lastErrorAt"
       FROM "BounceMailboxStatus" WHERE id = 1`,
    [],
  );
  return rows[0] ?? null;
}
