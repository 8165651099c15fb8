// An automation's report over a range: how many contacts entered, completed, left and converted, and per step of its
// definition: entered, waiting there now, completed (left it on a path, not by exiting), emails sent, opens, clicks,
// unsubscribes (its hidden broadcasts' recipients) and goals reached. Read from the run history (one row per step
// entered) and the recipients, both indexed by automation.
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { z } from "zod";
import type { AutomationAnalytics, Step, ZAutomationAnalyticsQuery } from "@/lib/schemas/automations";
import { loadAutomationRow } from "./automation-record";
import { automationNow } from "@/server/automations/clock";

export type AnalyticsRange = z.output<typeof ZAutomationAnalyticsQuery>;

const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/** `to` defaults to now, `from` to 30 days before `to`; `from` after `to` is a 422. */
export function analyticsRange(range: AnalyticsRange, now = new Date()): { from: Date; to: Date } {
  const to = range.to ? new Date(range.to) : now;
  const from = range.from ? new Date(range.from) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  if (from.getTime() > to.getTime()) {
    throw new AppError("VALIDATION", "The range ends before it starts.", [
      { pointer: "#/query/to", detail: "Must not be before `from`." },
    ]);
  }
  return { from, to };
}

type StepCounts = { stepId: string; entered: number; completed: number; goalReached: number };
type EmailCounts = { stepId: string; emailsSent: number; opens: number; clicks: number; unsubscribes: number };

export async function getAutomationAnalytics(
  workspaceId: string,
  id: string,
  range: AnalyticsRange,
): Promise<AutomationAnalytics> {
  // "Now" is the automations' clock: the system clock, unless a test moved it (runs are recorded on it).
  const { from, to } = analyticsRange(range, await automationNow());
  const row = await loadAutomationRow(workspaceId, id);
  const steps = (Array.isArray(row.steps) ? row.steps : []) as Step[];
  const params = [id, from, to];
  const [totals, history, waiting, emails] = await Promise.all([
    sql<{ entered: number; completed: number; exited: number; converted: number }>(
      `SELECT count(*) FILTER (WHERE "enteredAt" BETWEEN $2 AND $3)::int AS entered,
              count(*) FILTER (WHERE status = 'completed' AND "finishedAt" BETWEEN $2 AND $3)::int AS completed,
              count(*) FILTER (WHERE status = 'exited' AND "finishedAt" BETWEEN $2 AND $3)::int AS exited,
              count(*) FILTER (WHERE converted AND "enteredAt" BETWEEN $2 AND $3)::int AS converted
         FROM "AutomationRun" WHERE "automationId" = $1::uuid
          AND ("enteredAt" BETWEEN $2 AND $3 OR "finishedAt" BETWEEN $2 AND $3)`,
      params,
    ),
    sql<StepCounts>(
      `SELECT "stepId",
              count(*) FILTER (WHERE "enteredAt" BETWEEN $2 AND $3)::int AS entered,
              count(*) FILTER (WHERE "leftAt" BETWEEN $2 AND $3 AND outcome NOT LIKE 'exited:%')::int AS completed,
              count(*) FILTER (WHERE "leftAt" BETWEEN $2 AND $3 AND outcome = 'converted')::int AS "goalReached"
         FROM "AutomationRunStep" WHERE "automationId" = $1::uuid AND "enteredAt" <= $3
          AND ("enteredAt" >= $2 OR "leftAt" >= $2)
        GROUP BY "stepId"`,
      params,
    ),
    sql<{ stepId: string; n: number }>(
      `SELECT "stepId", count(*)::int AS n FROM "AutomationRun"
        WHERE "automationId" = $1::uuid AND status = 'active' GROUP BY "stepId"`,
      [id],
    ),
    sql<EmailCounts>(
      `SELECT b."automationStepId" AS "stepId",
              count(*) FILTER (WHERE r.status = 'sent' AND r."sentAt" BETWEEN $2 AND $3)::int AS "emailsSent",
              count(*) FILTER (WHERE r."openedAt" BETWEEN $2 AND $3)::int AS opens,
              count(*) FILTER (WHERE r."clickedAt" BETWEEN $2 AND $3)::int AS clicks,
              count(*) FILTER (WHERE r."unsubscribedAt" BETWEEN $2 AND $3)::int AS unsubscribes
         FROM "Broadcast" b JOIN "BroadcastRecipient" r ON r."broadcastId" = b.id
        WHERE b."automationId" = $1::uuid AND b."workspaceId" = $4::uuid
        GROUP BY b."automationStepId"`,
      [...params, workspaceId],
    ),
  ]);
  const byStep = new Map(history.map((h) => [h.stepId, h]));
  const waitingAt = new Map(waiting.map((w) => [w.stepId, w.n]));
  const mail = new Map(emails.map((e) => [e.stepId, e]));
  const t = totals[0] ?? { entered: 0, completed: 0, exited: 0, converted: 0 };
  return {
    automationId: id,
    from: from.toISOString(),
    to: to.toISOString(),
    ...t,
    conversionRate: t.entered ? Math.round((t.converted / t.entered) * 10_000) / 100 : 0,
    steps: steps.map((s) => ({
      stepId: s.id,
      type: s.type,
      entered: byStep.get(s.id)?.entered ?? 0,
      waiting: waitingAt.get(s.id) ?? 0,
      completed: byStep.get(s.id)?.completed ?? 0,
      emailsSent: mail.get(s.id)?.emailsSent ?? 0,
      opens: mail.get(s.id)?.opens ?? 0,
      clicks: mail.get(s.id)?.clicks ?? 0,
      unsubscribes: mail.get(s.id)?.unsubscribes ?? 0,
      goalReached: byStep.get(s.id)?.goalReached ?? 0,
    })),
  };
}
