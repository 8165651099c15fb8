// Claiming due runs: in the transaction that takes their steps, the due runs are picked and locked with
// FOR UPDATE SKIP LOCKED (another worker skips them; a worker that dies rolls back and its runs are due again at once),
// so a claim writes nothing of its own: every run's row is written once per step, by the step's move. (An earlier
// version wrote a lease on each claimed run first: a second non-HOT update of every run per step, 30 ms for 100 runs
// under load, and a second transaction.) Runs of automations that are not active are never claimed (paused runs
// wait at their step).
import type { Query } from "@/server/db/pool";

export type ClaimedRun = { id: string; automationId: string; stepId: string; publishedVersion: number };

export async function claimRuns(
  query: Query,
  {
    now,
    limit,
    workspaceIds = null,
  }: {
    now: Date;
    limit: number;
    workspaceIds?: string[] | null;
  },
): Promise<ClaimedRun[]> {
  // The runs of automations that are not active (paused, or archived with runs still leaving) are left where they
  // are. Passed as a list so the scan stays one walk of the due index in dueAt order that stops after `limit` rows:
  // a join with "Automation" let the planner read every due run first (hash join and sort: 37 ms for 10,000 due runs
  // among 1,000,000, against 1 ms for the walk).
  const { rows: held } = await query<{ id: string }>(
    `SELECT id FROM "Automation" WHERE status <> 'active' AND "publishedVersion" > 0
        AND ($1::uuid[] IS NULL OR "workspaceId" = ANY($1::uuid[]))`,
    [workspaceIds],
  );
  const { rows } = await query<ClaimedRun>(
    `SELECT r.id::text, r."automationId", r."stepId",
            (SELECT a."publishedVersion" FROM "Automation" a WHERE a.id = r."automationId") AS "publishedVersion"
       FROM "AutomationRun" r
      WHERE r.status = 'active' AND r."dueAt" <= $1
        AND NOT (r."automationId" = ANY($4::uuid[]))
        AND ($3::uuid[] IS NULL OR r."workspaceId" = ANY($3::uuid[]))
      ORDER BY r."dueAt"
      LIMIT $2
        FOR UPDATE OF r SKIP LOCKED`,
    [now, limit, workspaceIds, held.map((h) => h.id)],
  );
  return rows;
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

/** The claimed runs (locked by the claim in this transaction), with what their steps read. */
export async function lockRuns(query: Query, ids: string[]): Promise<LockedRun[]> {
  const { rows } = await query<LockedRun>(
    `SELECT r.id::text, r."workspaceId", r."automationId", r."contactId", r."stepId", r."stepEnteredAt",
            r."waitingFor", r.attempts, r.converted, a.status::text AS "automationStatus", a."publishedVersion",
            a.name AS "automationName", c.email, c.status::text AS "contactStatus", c."firstName", c."lastName",
            c.timezone, c.fields, w."defaultTimezone" AS "workspaceZone"
       FROM "AutomationRun" r
       JOIN "Automation" a ON a.id = r."automationId"
       JOIN "Contact" c ON c.id = r."contactId"
       JOIN "Workspace" w ON w.id = r."workspaceId"
      WHERE r.id = ANY($1::bigint[]) AND r.status = 'active'
      ORDER BY r.id`,
    [ids],
  );
  return rows;
}
