// The contact page's automations: every run of the contact (newest entry first), with the automation's name, the
// step they are at (its name from the automation's definition) and the run's history of steps.
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { Enrolment, Step } from "@/lib/schemas/automations";

export type ContactAutomationStep = {
  stepId: string;
  stepName: string | null;
  type: string;
  enteredAt: string;
  leftAt: string | null;
  outcome: string | null;
};

export type ContactAutomation = Omit<Enrolment, "email"> & {
  automationName: string;
  automationStatus: "draft" | "active" | "paused" | "archived";
  stepName: string | null;
  history: ContactAutomationStep[];
};

/** A contact is in few automations: the newest 100 runs are plenty for the page. */
const LIMIT = 100;

export async function listContactAutomations(workspaceId: string, contactId: string): Promise<ContactAutomation[]> {
  const [contact] = await sql<{ id: string }>(
    `SELECT id FROM "Contact" WHERE id = $1::uuid AND "workspaceId" = $2::uuid`,
    [contactId, workspaceId],
  );
  if (!contact) throw new AppError("NOT_FOUND", "Contact not found.");
  const runs = await sql<{
    id: string;
    automationId: string;
    automationName: string;
    automationStatus: ContactAutomation["automationStatus"];
    steps: unknown;
    status: Enrolment["status"];
    stepId: string | null;
    dueAt: Date | null;
    converted: boolean;
    exitReason: string | null;
    version: number;
    enteredAt: Date;
    finishedAt: Date | null;
  }>(
    `SELECT r.id::text AS id, r."automationId", a.name AS "automationName", a.status AS "automationStatus", a.steps,
            r.status, r."stepId", r."dueAt", r.converted, r."exitReason", r.version, r."enteredAt", r."finishedAt"
       FROM "AutomationRun" r JOIN "Automation" a ON a.id = r."automationId"
      WHERE r."contactId" = $1::uuid AND r."workspaceId" = $2::uuid
      ORDER BY r."enteredAt" DESC, r.id DESC LIMIT ${LIMIT}`,
    [contactId, workspaceId],
  );
  const history = runs.length
    ? await sql<{
        runId: string;
        stepId: string;
        stepType: string;
        enteredAt: Date;
        leftAt: Date | null;
        outcome: string | null;
      }>(
        `SELECT "runId"::text AS "runId", "stepId", "stepType", "enteredAt", "leftAt", outcome
           FROM "AutomationRunStep" WHERE "runId" = ANY($1::bigint[]) ORDER BY "runId", id`,
        [runs.map((r) => r.id)],
      )
    : [];
  return runs.map(({ steps, ...r }) => {
    const names = new Map(((Array.isArray(steps) ? steps : []) as Step[]).map((s) => [s.id, s.name ?? null]));
    return {
      id: r.id,
      automationId: r.automationId,
      automationName: r.automationName,
      automationStatus: r.automationStatus,
      contactId,
      status: r.status,
      stepId: r.stepId,
      stepName: r.stepId ? (names.get(r.stepId) ?? null) : null,
      dueAt: r.dueAt ? r.dueAt.toISOString() : null,
      converted: r.converted,
      exitReason: r.exitReason,
      version: r.version,
      enteredAt: r.enteredAt.toISOString(),
      finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
      history: history
        .filter((h) => h.runId === r.id)
        .map((h) => ({
          stepId: h.stepId,
          stepName: names.get(h.stepId) ?? null,
          type: h.stepType,
          enteredAt: h.enteredAt.toISOString(),
          leftAt: h.leftAt ? h.leftAt.toISOString() : null,
          outcome: h.outcome,
        })),
    };
  });
}
