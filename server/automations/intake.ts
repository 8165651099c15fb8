// The automation intake: a worker loop that reads ContactActivity in commit-safe order and turns it into entries
// (subscribed, tag_added and segment_entered triggers, each behind the entry filter and the re-entry rule), wakes of
// runs waiting for a click, a tag or a form, exits (unsubscribe, hard bounce, complaint) and early goals.
//
// Exactly once, with any number of workers: the cursor row (AutomationIntakeCursor) is locked FOR UPDATE SKIP LOCKED
// and advanced in the same transaction as everything the batch caused, so a batch is applied whole or not at all,
// by one worker at a time; a replay after a crash makes the same entries (keyed by activity id) and the run's unique
// key refuses the second.
//
// Order: rows are read by (xid, seq) and only those of transactions older than every transaction still running
// (xid < the snapshot's xmin). A sequence number is taken at insert, not at commit, so a long import's rows can
// commit after rows with higher numbers; reading by seq alone would step over them. The writing transaction's id
// is the same for all its rows and below xmin only once it has ended, so nothing is ever behind the cursor when it
// becomes visible. The price: a transaction left open stalls the intake (not the rest) until it ends.
import type { Prisma } from "@/server/db/generated/client";
import { sqlTransaction, type Query } from "@/server/db/pool";
import { startPollLoop } from "@/server/poll-loop";
import type { Step } from "@/lib/schemas/automations";
import { automationNow } from "./clock";
import { enterRuns, exitRuns, wakeRuns } from "./run-moves";
import { loadRuleContext, matchingContacts, passEntryFilter, rulesSql, type RuleContext } from "./entry-filter";
import { jumpToGoals } from "./goals";
import { INTAKE_TYPES, planIntake, triggerEntries, type IntakeActivity, type IntakePlan } from "./intake-map";

export const INTAKE_BATCH = 2_000;
const IDLE_POLL_MS = 1_000;

/** The published definition of an active automation, as the intake needs it. */
export type LiveAutomation = {
  id: string;
  workspaceId: string;
  trigger: { type: string; [key: string]: unknown };
  entryFilter: unknown;
  startStepId: string | null;
  steps: Step[];
};

const READ = `
  SELECT a.id::text, a.xid::text, a.seq::text, a."workspaceId"::text AS "workspaceId",
         a."contactId"::text AS "contactId", a.type, a."formId"::text AS "formId", a.data,
         CASE WHEN a.type = 'subscribed' AND a."formId" IS NULL THEN
           (SELECT s."formId"::text FROM "ContactActivity" s
             WHERE s.xid = a.xid AND s."contactId" = a."contactId" AND s.type = 'form.submitted'
             ORDER BY s.seq LIMIT 1)
         END AS "siblingFormId"
    FROM "ContactActivity" a
   WHERE a.type IN (${INTAKE_TYPES.map((t) => `'${t}'`).join(", ")})
     AND (a.xid, a.seq) > ($1::bigint, $2::bigint)
     AND a.xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
     AND ($4::uuid IS NULL OR a."workspaceId" = $4::uuid)
   ORDER BY a.xid, a.seq
   LIMIT $3`;

export const LIVE_AUTOMATIONS = `
  SELECT a.id::text, a."workspaceId"::text AS "workspaceId", v.trigger, v."entryFilter", v."startStepId", v.steps
    FROM "Automation" a
    JOIN "AutomationVersion" v ON v."automationId" = a.id AND v.version = a."publishedVersion"
   WHERE a.status = 'active' AND a."workspaceId" = ANY($1::uuid[])`;

export type IntakeOptions = {
  now: Date;
  limit?: number;
  /** The cursor row: 1 in production. Tests sharing a database use a row of their own with `workspaceId`. */
  cursorId?: number;
  /** Reads only this workspace's activity (tests: with a cursor row of their own). */
  workspaceId?: string | null;
};

/**
 * One batch: answers how many activity rows it consumed (0 when there were none, or another worker holds the
 * cursor).
 */
export async function runIntakePass({
  now,
  limit = INTAKE_BATCH,
  cursorId = 1,
  workspaceId = null,
}: IntakeOptions): Promise<number> {
  return sqlTransaction(async (query) => {
    const { rows: cursor } = await query<{ lastXid: string; lastSeq: string }>(
      `SELECT "lastXid"::text AS "lastXid", "lastSeq"::text AS "lastSeq" FROM "AutomationIntakeCursor"
        WHERE id = $1 FOR UPDATE SKIP LOCKED`,
      [cursorId],
    );
    if (!cursor[0]) return 0;
    const { rows } = await query<IntakeActivity & { xid: string; seq: string; contactId: string | null }>(READ, [
      cursor[0].lastXid,
      cursor[0].lastSeq,
      limit,
      workspaceId,
    ]);
    if (rows.length === 0) return 0;
    // Rows of erased contacts (contactId null) move the cursor and nothing else.
    const activities = rows.filter((r): r is typeof r & { contactId: string } => r.contactId !== null);
    await applyPlan(query, planIntake(activities), now);
    const last = rows[rows.length - 1]!;
    await query(`UPDATE "AutomationIntakeCursor" SET "lastXid" = $2, "lastSeq" = $3 WHERE id = $1`, [
      cursorId,
      last.xid,
      last.seq,
    ]);
    return rows.length;
  });
}

/** Exits first (a contact who left and came back in one batch is out of the old runs, then in the new ones). */
async function applyPlan(query: Query, plan: IntakePlan, now: Date) {
  for (const [workspaceId, reasons] of plan.exits) {
    for (const [reason, contacts] of reasons) {
      await exitRuns(query, { workspaceId, contactIds: [...contacts] }, reason, now);
    }
  }
  const workspaceIds = [...new Set([...plan.changed.keys(), ...plan.subscribed.map((e) => e.workspaceId)])];
  const automations = workspaceIds.length ? await liveAutomations(query, workspaceIds) : [];
  if (automations.length) {
    const context = await loadRuleContext(query, [...new Set(automations.map((a) => a.workspaceId))]);
    const segments = await loadSegments(query, automations);
    for (const automation of automations) {
      const entries =
        automation.trigger.type === "segment_entered"
          ? await segmentEntries(query, context, segments, automation, plan)
          : triggerEntries(plan, automation.workspaceId, automation.trigger);
      const admitted = await passEntryFilter(query, context, automation, entries);
      if (admitted.length) {
        await enterRuns(
          query,
          { automationId: automation.id, workspaceId: automation.workspaceId },
          admitted.map((e) => ({ contactId: e.contactId, entryKey: e.activityId })),
          now,
        );
      }
    }
    for (const automation of automations) {
      const changed = plan.changed.get(automation.workspaceId);
      if (changed?.size) await jumpToGoals(query, context, automation, [...changed.keys()], now);
    }
  }
  for (const [workspaceId, events] of plan.wakes) {
    for (const [event, contacts] of events) await wakeRuns(query, workspaceId, [...contacts], [event], now);
  }
}

export async function liveAutomations(query: Query, workspaceIds: string[]): Promise<LiveAutomation[]> {
  const { rows } = await query<LiveAutomation>(LIVE_AUTOMATIONS, [workspaceIds]);
  return rows;
}

/** Segment rules of the automations' segment_entered triggers (a deleted segment is missing: nobody enters). */
async function loadSegments(query: Query, automations: LiveAutomation[]): Promise<Map<string, unknown>> {
  const ids = automations.flatMap((a) =>
    a.trigger.type === "segment_entered" && typeof a.trigger.segmentId === "string" ? [a.trigger.segmentId] : [],
  );
  if (ids.length === 0) return new Map();
  const { rows } = await query<{ id: string; workspaceId: string; rules: unknown }>(
    `SELECT id::text, "workspaceId"::text AS "workspaceId", rules FROM "Segment" WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [`${r.workspaceId}:${r.id}`, r.rules]));
}

/**
 * segment_entered: only the contacts this batch changed are evaluated (one statement, by primary key), and only
 * those not inside the automation now; the re-entry rule decides the rest (enterRuns).
 */
async function segmentEntries(
  query: Query,
  context: RuleContext,
  segments: Map<string, unknown>,
  automation: LiveAutomation,
  plan: IntakePlan,
) {
  const changed = plan.changed.get(automation.workspaceId);
  const rules = segments.get(`${automation.workspaceId}:${String(automation.trigger.segmentId)}`);
  if (!changed?.size || rules === undefined) return [];
  const conditions: Prisma.Sql[] = [rulesSql(context, automation.workspaceId, rules)];
  const matched = await matchingContacts(query, automation.workspaceId, [...changed.keys()], conditions, {
    notInside: automation.id,
  });
  return matched.map((contactId) => ({
    workspaceId: automation.workspaceId,
    contactId,
    activityId: changed.get(contactId)!,
  }));
}

type Log = (message: string, fields?: Record<string, unknown>) => void;

const jsonLog: Log = (message, fields) => console.log(JSON.stringify({ source: "automations", message, ...fields }));

/** The worker's intake loop: batch after batch while they come full, otherwise every second. */
export function startAutomationIntake({ log = jsonLog }: { log?: Log } = {}): { stop: () => Promise<void> } {
  return startPollLoop({
    step: async () => (await runIntakePass({ now: await automationNow() })) === INTAKE_BATCH,
    idleMs: IDLE_POLL_MS,
    onError: (error) => log("automation intake batch failed; retrying", { error: String(error) }),
  });
}
