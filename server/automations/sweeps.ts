// The intake's two periodic sweeps, run by pg-boss cron jobs (server/jobs/automation-sweeps.ts: one run per tick
// whatever the number of workers; each is idempotent, so a retried or doubled run enters nobody twice):
// - segment_entered (every 10 minutes): contacts who match the segment but never entered the automation — those the
//   activity-driven check cannot see (a segment edited, a condition on time passing, contacts there at activation).
//   Set-based per automation, in chunks; entry key "sweep" (at most one sweep entry per contact, ever).
// - date_anniversary (every 5 minutes): contacts whose date field's month-day is today in their zone and whose local
//   time has passed the trigger's time; entry key = the local year, so once a year whatever the re-entry rule.
import { Prisma } from "@/server/db/generated/client";
import { sqlTransaction, type Query } from "@/server/db/pool";
import { enterRuns } from "./run-moves";
import { loadRuleContext, passEntryFilter, rulesSql } from "./entry-filter";
import { liveAutomations, type LiveAutomation } from "./intake";
import { anniversaryDue, candidateMonthDays, contactZone } from "./sweeps-anniversary";

const { sql, join } = Prisma;
const CHUNK = 2_000;

type SweepOptions = { now: Date; workspaceId?: string | null };

/** Active automations with this trigger type (in one workspace, for tests), each swept in transactions of its own. */
async function automationsWith(type: string, workspaceId: string | null): Promise<LiveAutomation[]> {
  return sqlTransaction(async (query) => {
    const { rows } = await query<{ id: string }>(
      `SELECT DISTINCT "workspaceId"::text AS id FROM "Automation"
        WHERE status = 'active' AND trigger->>'type' = $1 AND ($2::uuid IS NULL OR "workspaceId" = $2::uuid)`,
      [type, workspaceId],
    );
    if (rows.length === 0) return [];
    return (
      await liveAutomations(
        query,
        rows.map((r) => r.id),
      )
    ).filter((a) => a.trigger.type === type);
  });
}

async function enter(
  query: Query,
  automation: LiveAutomation,
  entries: { contactId: string; entryKey: string }[],
  now: Date,
) {
  const context = await loadRuleContext(query, [automation.workspaceId]);
  const admitted = await passEntryFilter(query, context, automation, entries);
  if (admitted.length === 0) return 0;
  return (await enterRuns(query, { automationId: automation.id, workspaceId: automation.workspaceId }, admitted, now))
    .length;
}

/** Answers the number of contacts entered. */
export async function sweepSegmentEntries({ now, workspaceId = null }: SweepOptions): Promise<number> {
  let entered = 0;
  for (const automation of await automationsWith("segment_entered", workspaceId)) {
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const page = await sqlTransaction(async (query) => {
        const { rows: segment } = await query<{ rules: unknown }>(
          `SELECT rules FROM "Segment" WHERE id = $1::uuid AND "workspaceId" = $2::uuid`,
          [String(automation.trigger.segmentId), automation.workspaceId],
        );
        if (!segment[0]) return null;
        const context = await loadRuleContext(query, [automation.workspaceId]);
        const statement = sql`
          SELECT c.id::text AS id FROM "Contact" c
           WHERE ${join(
             [
               sql`c."workspaceId" = ${automation.workspaceId}::uuid`,
               sql`c.status = 'subscribed'`,
               sql`c.id > ${after}::uuid`,
               rulesSql(context, automation.workspaceId, segment[0].rules),
               sql`NOT EXISTS (SELECT 1 FROM "AutomationRun" r
                    WHERE r."automationId" = ${automation.id}::uuid AND r."contactId" = c.id)`,
             ],
             " AND ",
           )}
           ORDER BY c.id LIMIT ${CHUNK}`;
        const { rows } = await query<{ id: string }>(statement.text, statement.values);
        const n = await enter(
          query,
          automation,
          rows.map((r) => ({ contactId: r.id, entryKey: "sweep" })),
          now,
        );
        return { n, last: rows.at(-1)?.id ?? null, full: rows.length === CHUNK };
      });
      if (!page) break;
      entered += page.n;
      if (!page.full || !page.last) break;
      after = page.last;
    }
  }
  return entered;
}

type Candidate = { id: string; value: unknown; timezone: string | null; workspaceZone: string | null };

/** Answers the number of contacts entered. */
export async function sweepAnniversaries({ now, workspaceId = null }: SweepOptions): Promise<number> {
  let entered = 0;
  const monthDays = candidateMonthDays(now);
  for (const automation of await automationsWith("date_anniversary", workspaceId)) {
    const key = String(automation.trigger.field).replace(/^fields\./, "");
    const time = String(automation.trigger.time);
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const page = await sqlTransaction(async (query) => {
        // The month-day prefilter is set-based; whether it is the day (and the time) in each contact's zone is
        // decided here, with the zone arithmetic the rest of the app uses (lib/zoned-time.ts).
        const { rows } = await query<Candidate>(
          `SELECT c.id::text, c.fields->$3 AS value, c.timezone, w."defaultTimezone" AS "workspaceZone"
             FROM "Contact" c JOIN "Workspace" w ON w.id = c."workspaceId"
            WHERE c."workspaceId" = $1::uuid AND c.status = 'subscribed' AND c.id > $2::uuid
              AND substring(c.fields->>$3 from 6 for 5) = ANY($4::text[])
            ORDER BY c.id LIMIT $5`,
          [automation.workspaceId, after, key, monthDays, CHUNK],
        );
        const due = rows.flatMap((c) => {
          const year = anniversaryDue(c.value, contactZone(c.timezone, c.workspaceZone), time, now);
          return year ? [{ contactId: c.id, entryKey: year }] : [];
        });
        const fresh = await notYetEntered(query, automation.id, due);
        const n = await enter(query, automation, fresh, now);
        return { n, last: rows.at(-1)?.id ?? null, full: rows.length === CHUNK };
      });
      entered += page.n;
      if (!page.full || !page.last) break;
      after = page.last;
    }
  }
  return entered;
}

/** Drops the entries already made (this year's): the sweep comes back every 5 minutes all day. */
async function notYetEntered(query: Query, automationId: string, entries: { contactId: string; entryKey: string }[]) {
  if (entries.length === 0) return entries;
  const { rows } = await query<{ contactId: string }>(
    `SELECT r."contactId"::text AS "contactId" FROM "AutomationRun" r
       JOIN unnest($2::uuid[], $3::text[]) AS e("contactId", "entryKey")
         ON r."contactId" = e."contactId" AND r."entryKey" = e."entryKey"
      WHERE r."automationId" = $1::uuid`,
    [automationId, entries.map((e) => e.contactId), entries.map((e) => e.entryKey)],
  );
  const done = new Set(rows.map((r) => r.contactId));
  return entries.filter((e) => !done.has(e.contactId));
}
