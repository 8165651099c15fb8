// What the steps a transaction took did to its runs, written set-based at the end of the transaction (a few statements
// for up to a claim's worth of runs): the history rows closed and opened, each run's new state, and the events.
// Effects of the steps themselves (recipients, tags, fields) are written as each step runs, in the same transaction.
import type { Query } from "@/server/db/pool";

export type RunState = {
  id: string;
  status: "active" | "completed";
  stepId: string | null;
  dueAt: Date | null;
  waitingFor: string | null;
  stepEnteredAt: Date;
  version: number;
  converted: boolean;
  convertedAt: Date | null;
  finishedAt: Date | null;
};

type HistoryRow = {
  runId: string;
  workspaceId: string;
  automationId: string;
  stepId: string;
  stepType: string;
  enteredAt: Date;
  leftAt: Date | null;
  outcome: string | null;
};

export class Journal {
  /** The open history row of each run that left the step it was at when the transaction began. */
  closes: { runId: string; outcome: string; at: Date }[] = [];
  history: HistoryRow[] = [];
  runs: RunState[] = [];
  events: { workspaceId: string; type: string; payload: Record<string, unknown> }[] = [];

  add(other: Journal) {
    this.closes.push(...other.closes);
    this.history.push(...other.history);
    this.runs.push(...other.runs);
    this.events.push(...other.events);
  }
}

export async function flushJournal(query: Query, j: Journal): Promise<void> {
  if (j.closes.length) {
    await query(
      `UPDATE "AutomationRunStep" h SET "leftAt" = x.at, outcome = x.outcome
         FROM jsonb_to_recordset($1::jsonb) AS x(run bigint, outcome text, at timestamptz)
        WHERE h."runId" = x.run AND h."leftAt" IS NULL`,
      [JSON.stringify(j.closes.map((c) => ({ run: c.runId, outcome: c.outcome, at: c.at })))],
    );
  }
  if (j.history.length) {
    await query(
      `INSERT INTO "AutomationRunStep" ("runId", "workspaceId", "automationId", "stepId", "stepType", "enteredAt",
                                        "leftAt", outcome)
       SELECT (e.v->>'runId')::bigint, (e.v->>'workspaceId')::uuid, (e.v->>'automationId')::uuid, e.v->>'stepId',
              e.v->>'stepType', (e.v->>'enteredAt')::timestamptz, (e.v->>'leftAt')::timestamptz, e.v->>'outcome'
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(v, n) ORDER BY e.n`,
      [JSON.stringify(j.history)],
    );
  }
  if (j.runs.length) {
    await query(
      `UPDATE "AutomationRun" r
          SET status = x.status::"AutomationRunStatus", "stepId" = x.step, "dueAt" = x.due, "waitingFor" = x.waiting,
              "stepEnteredAt" = x.entered, version = x.version, attempts = 0, "lastError" = NULL,
              converted = r.converted OR x.converted, "convertedAt" = coalesce(r."convertedAt", x.converted_at),
              "finishedAt" = x.finished
         FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, status text, step text, due timestamptz, waiting text,
                                                 entered timestamptz, version int, converted boolean,
                                                 converted_at timestamptz, finished timestamptz)
        WHERE r.id = x.id`,
      [
        JSON.stringify(
          j.runs.map((r) => ({
            id: r.id,
            status: r.status,
            step: r.stepId,
            due: r.dueAt,
            waiting: r.waitingFor,
            entered: r.stepEnteredAt,
            version: r.version,
            converted: r.converted,
            converted_at: r.convertedAt,
            finished: r.finishedAt,
          })),
        ),
      ],
    );
  }
  if (j.events.length) {
    await query(
      `INSERT INTO "Event" (id, "workspaceId", type, payload)
       SELECT gen_random_uuid(), (e.v->>'workspaceId')::uuid, e.v->>'type', e.v->'payload'
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(v, n) ORDER BY e.n`,
      [JSON.stringify(j.events)],
    );
  }
}
