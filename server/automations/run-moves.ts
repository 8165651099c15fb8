// The moves that put contacts into automations, take them out and wake them: shared by the engine (start_automation
// actions, contacts who are no longer subscribed), the intake (triggers, exits on unsubscribe/bounce/complaint, wait
// events) and the API (enrol, remove). Each is one statement run in the caller's transaction, so a move and its
// history rows and webhook events commit together or not at all, and a move made twice (a retried intake batch, a
// second worker) finds the unique keys or the row state already changed and does nothing.
import type { Query } from "@/server/db/pool";

/** The suffix wakeRuns adds to a waiting run's waitingFor: the event it waits for has happened. */
export const WOKEN = "!";

type Target = {
  name: string;
  version: number;
  reentry: { mode?: string; days?: number };
  start: string;
  type: string;
  trigger: string | null;
};

/**
 * Creates runs at the published version's start step (due now), their first history row and automation.enrolled
 * events, honouring the re-entry rule and "one active run"; returns the contact ids that entered. entryKeys[i] is the
 * uniqueness key of contacts[i]'s entry ("once" mode forces "once"). Skips non-subscribed contacts, contacts of
 * other workspaces, and everyone while the automation is not active.
 */
export async function enterRuns(
  query: Query,
  a: { automationId: string; workspaceId: string },
  entries: { contactId: string; entryKey: string }[],
  now: Date,
): Promise<{ runId: string; contactId: string }[]> {
  if (entries.length === 0) return [];
  // FOR SHARE: an archive (or pause) committing meanwhile waits for this entry, then exits or holds what it made.
  const { rows } = await query<Target>(
    `SELECT a.name, a."publishedVersion" AS version, v.reentry, v."startStepId" AS start, v.trigger->>'type' AS trigger,
            (SELECT s->>'type' FROM jsonb_array_elements(v.steps) s WHERE s->>'id' = v."startStepId" LIMIT 1) AS type
       FROM "Automation" a
       JOIN "AutomationVersion" v ON v."automationId" = a.id AND v.version = a."publishedVersion"
      WHERE a.id = $1 AND a."workspaceId" = $2 AND a.status = 'active'
        FOR SHARE OF a`,
    [a.automationId, a.workspaceId],
  );
  const t = rows[0];
  if (!t || !t.start || !t.type) return [];
  // Anniversaries enter once a year whatever the rule says (ZReentry): their entry key is the year.
  const mode = t.trigger === "date_anniversary" ? "always" : (t.reentry?.mode ?? "once");
  const days = mode === "after_days" ? Math.max(1, Number(t.reentry.days ?? 1)) : null;
  const { rows: entered } = await query<{ runId: string; contactId: string }>(
    `WITH given AS (
       SELECT DISTINCT ON (cid) cid, key, n FROM (
         SELECT (j.v->>'contactId')::uuid AS cid,
                CASE WHEN $4::text = 'once' THEN 'once' ELSE j.v->>'entryKey' END AS key, j.n
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS j(v, n)) x
        ORDER BY cid, n
     ), ok AS (
       -- LATERAL probes by key (LIMIT 1 keeps each one): planned as joins on estimates (a bulk entry the statistics
       -- have not seen), the checks scanned every subscribed contact of the workspace and every run of the
       -- automation per batch (1,000 entries behind 5,000 runs: 44 s on the embedded database).
       SELECT g.cid, g.key, g.n FROM given g
         JOIN LATERAL (SELECT 1 AS x FROM "Contact" c
                        WHERE c.id = g.cid AND c."workspaceId" = $2 AND c.status = 'subscribed' LIMIT 1) known ON true
         LEFT JOIN LATERAL (SELECT 1 AS x FROM "AutomationRun" r
                             WHERE $5::int IS NOT NULL AND r."automationId" = $1 AND r."contactId" = g.cid
                               AND r."enteredAt" > $6::timestamptz - $5::int * interval '1 day'
                             LIMIT 1) recent ON true
        WHERE recent.x IS NULL
     ), ins AS (
       INSERT INTO "AutomationRun" ("workspaceId", "automationId", "contactId", version, "entryKey", status, "stepId",
                                    "dueAt", "enteredAt", "stepEnteredAt")
       SELECT $2, $1, cid, $7, key, 'active', $8, $6, $6, $6 FROM ok ORDER BY n
       -- The entry key made already, or the contact's one active run: both unique indexes refuse the row.
       ON CONFLICT DO NOTHING
       RETURNING id, "contactId"
     ), hist AS (
       INSERT INTO "AutomationRunStep" ("runId", "workspaceId", "automationId", "stepId", "stepType", "enteredAt")
       SELECT id, $2, $1, $8, $9, $6 FROM ins
     ), ev AS (
       INSERT INTO "Event" (id, "workspaceId", type, payload)
       SELECT gen_random_uuid(), $2, 'automation.enrolled',
              jsonb_build_object('automationId', $1::text, 'automationName', $10::text, 'runId', ins.id::text,
                                 'contactId', ins."contactId"::text, 'email', c.email, 'stepId', $8::text)
         -- A LATERAL probe by key: a plain join let the planner hash the whole Contact table (1.1 million rows
         -- touched for 500 entries in a database the size of the test suite's).
         FROM ins CROSS JOIN LATERAL (SELECT c.email FROM "Contact" c WHERE c.id = ins."contactId" LIMIT 1) c
        ORDER BY ins.id
     )
     SELECT id::text AS "runId", "contactId" FROM ins ORDER BY id`,
    [a.automationId, a.workspaceId, JSON.stringify(entries), mode, days, now, t.version, t.start, t.type, t.name],
  );
  return entered;
}

/**
 * Exits active runs (history row closed with outcome "exited:<reason>", automation.exited events). Returns how many.
 * At least one of runIds, contactIds and automationId narrows it (never a whole workspace by accident).
 */
export async function exitRuns(
  query: Query,
  where: { runIds?: string[]; contactIds?: string[]; automationId?: string; workspaceId: string },
  reason: string,
  now: Date,
): Promise<number> {
  if (!where.runIds && !where.contactIds && !where.automationId) throw new Error("exitRuns: say which runs.");
  if (where.runIds?.length === 0 || where.contactIds?.length === 0) return 0;
  const { rows } = await query<{ n: number }>(
    `WITH target AS (
       SELECT r.id, r."stepId" FROM "AutomationRun" r
        WHERE r."workspaceId" = $1 AND r.status = 'active'
          AND ($2::bigint[] IS NULL OR r.id = ANY($2::bigint[]))
          AND ($3::uuid[] IS NULL OR r."contactId" = ANY($3::uuid[]))
          AND ($4::uuid IS NULL OR r."automationId" = $4::uuid)
        ORDER BY r.id
          FOR UPDATE OF r
     ), upd AS (
       UPDATE "AutomationRun" r
          SET status = 'exited', "exitReason" = $5, "stepId" = NULL, "dueAt" = NULL, "waitingFor" = NULL,
              "finishedAt" = $6
         FROM target t
        WHERE r.id = t.id AND r.status = 'active'
       RETURNING r.id, t."stepId", r."automationId", r."contactId", r.converted
     ), hist AS (
       UPDATE "AutomationRunStep" h SET "leftAt" = $6, outcome = 'exited:' || $5
         FROM upd WHERE h."runId" = upd.id AND h."leftAt" IS NULL
     ), ev AS (
       INSERT INTO "Event" (id, "workspaceId", type, payload)
       SELECT gen_random_uuid(), $1, 'automation.exited',
              jsonb_build_object('automationId', upd."automationId"::text, 'automationName', a.name,
                                 'runId', upd.id::text, 'contactId', upd."contactId"::text, 'email', c.email,
                                 'stepId', upd."stepId", 'reason', $5::text, 'converted', upd.converted)
         FROM upd JOIN "Automation" a ON a.id = upd."automationId" LEFT JOIN "Contact" c ON c.id = upd."contactId"
        ORDER BY upd.id
     )
     SELECT count(*)::int AS n FROM upd`,
    [where.workspaceId, where.runIds ?? null, where.contactIds ?? null, where.automationId ?? null, reason, now],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Moves waiting runs (wait_for steps) of these contacts whose waitingFor matches one of `events` to due now, marked
 * as woken (WOKEN), so the runner takes their "yes" branch. A run woken once is not matched again.
 */
export async function wakeRuns(
  query: Query,
  workspaceId: string,
  contactIds: string[],
  events: string[],
  now: Date,
): Promise<number> {
  if (contactIds.length === 0 || events.length === 0) return 0;
  const { rowCount } = await query(
    `UPDATE "AutomationRun" SET "dueAt" = LEAST("dueAt", $4::timestamptz), "waitingFor" = "waitingFor" || $5
      WHERE "workspaceId" = $1 AND status = 'active' AND "contactId" = ANY($2::uuid[])
        AND "waitingFor" = ANY($3::text[])`,
    [workspaceId, contactIds, events, now, WOKEN],
  );
  return rowCount ?? 0;
}

/**
 * Emails queued for these runs (or every run of the automation) that have not gone out yet are not sent: a contact
 * removed by hand, or an archived automation, sends nothing more. Their recipient rows fail with the reason, as the
 * sender records a contact who left. A batch already in a worker's hands may still send its copy.
 */
export async function cancelQueuedEmails(
  query: Query,
  where: { workspaceId: string; runIds?: string[]; automationId?: string },
  reason: string,
): Promise<number> {
  const { rowCount } = await query(
    `UPDATE "BroadcastRecipient" r SET status = 'failed', error = $4
       FROM "Broadcast" b
      WHERE b.id = r."broadcastId" AND b."workspaceId" = $1 AND b."automationId" IS NOT NULL
        AND r.status = 'queued' AND r."runId" <> 0
        AND ($2::bigint[] IS NULL OR r."runId" = ANY($2::bigint[]))
        AND ($3::uuid IS NULL OR b."automationId" = $3::uuid)`,
    [where.workspaceId, where.runIds ?? null, where.automationId ?? null, `skipped: ${reason}`],
  );
  return rowCount ?? 0;
}
