// Claiming due runs, and locking the claimed ones for the transaction that takes their step. The claim moves dueAt
// to the end of a lease (SKIP LOCKED keeps two workers off the same rows; a worker that dies lets the lease run out
// and the runs are due again for anyone). All runs of one claim share the lease's end, which is the token the step's
// transaction checks: `dueAt = lease` under FOR UPDATE proves nobody took or moved the run since, so its step and
// effects are applied once. Runs of automations that are not active are never claimed (paused runs wait at their step).
import { sql, type Query } from "@/server/db/pool";

export type ClaimedRun = { id: string; automationId: string; stepId: string; publishedVersion: number };

export async function claimRuns({
  now,
  leaseMs,
  limit,
  workspaceIds = null,
}: {
  now: Date;
  leaseMs: number;
  limit: number;
  workspaceIds?: string[] | null;
}): Promise<{ lease: Date; runs: ClaimedRun[] }> {
  const lease = new Date(now.getTime() + leaseMs);
  const runs = await sql<ClaimedRun>(
    `UPDATE "AutomationRun" r SET "dueAt" = $2, attempts = r.attempts + 1
       FROM (SELECT r2.id, a."publishedVersion"
               FROM "AutomationRun" r2 JOIN "Automation" a ON a.id = r2."automationId"
              WHERE r2.status = 'active' AND r2."dueAt" <= $1 AND a.status = 'active'
                AND ($4::uuid[] IS NULL OR r2."workspaceId" = ANY($4::uuid[]))
              ORDER BY r2."dueAt"
              LIMIT $3
                FOR UPDATE OF r2 SKIP LOCKED) due
      WHERE r.id = due.id
      RETURNING r.id::text, r."automationId", r."stepId", due."publishedVersion"`,
    [now, lease, limit, workspaceIds],
  );
  return { lease, runs };
}

export type LockedRun = {
  id: string;
  workspaceId: string;
  automationId: string;
  contactId: string;
  stepId: string;
  stepEnteredAt: Date;
  waitingFor: string | null;
  attempts: number;
  converted: boolean;
  automationStatus: string;
  publishedVersion: number;
  automationName: string;
  email: string;
  contactStatus: string;
  firstName: string | null;
  lastName: string | null;
  timezone: string | null;
  fields: Record<string, unknown>;
  workspaceZone: string;
};

/** The claimed runs still ours (active, dueAt = lease), locked until the transaction ends, with what steps read. */
export async function lockRuns(query: Query, ids: string[], lease: Date): Promise<LockedRun[]> {
  const { rows } = await query<LockedRun>(
    `SELECT r.id::text, r."workspaceId", r."automationId", r."contactId", r."stepId", r."stepEnteredAt",
            r."waitingFor", r.attempts, r.converted, a.status::text AS "automationStatus", a."publishedVersion",
            a.name AS "automationName", c.email, c.status::text AS "contactStatus", c."firstName", c."lastName",
            c.timezone, c.fields, w."defaultTimezone" AS "workspaceZone"
       FROM "AutomationRun" r
       JOIN "Automation" a ON a.id = r."automationId"
       JOIN "Contact" c ON c.id = r."contactId"
       JOIN "Workspace" w ON w.id = r."workspaceId"
      WHERE r.id = ANY($1::bigint[]) AND r.status = 'active' AND r."dueAt" = $2
      ORDER BY r.id
        FOR UPDATE OF r`,
    [ids, lease],
  );
  return rows;
}
