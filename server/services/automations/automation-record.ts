// The one mapping from an Automation row to the API's Automation (lib/schemas/automations.ts), the column list raw
// SQL reads, the run counts every answer carries, and the errors every automation operation answers.
import { sql, type Query } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { Automation, Reentry, Step, Trigger } from "@/lib/schemas/automations";
import type { SegmentRules } from "@/lib/schemas/segments";

export type AutomationStatus = Automation["status"];

export type AutomationRow = {
  id: string;
  workspaceId: string;
  name: string;
  description: string | null;
  status: AutomationStatus;
  trigger: unknown;
  entryFilter: unknown;
  reentry: unknown;
  startStepId: string | null;
  steps: unknown;
  fromName: string | null;
  fromEmail: string | null;
  replyTo: string | null;
  publishedVersion: number;
  activatedAt: Date | null;
  pausedAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = [
  "id",
  "workspaceId",
  "name",
  "description",
  "status",
  "trigger",
  "entryFilter",
  "reentry",
  "startStepId",
  "steps",
  "fromName",
  "fromEmail",
  "replyTo",
  "publishedVersion",
  "activatedAt",
  "pausedAt",
  "archivedAt",
  "createdAt",
  "updatedAt",
] as const;

/** The columns for raw SQL over the alias `a`. */
export const automationColumns = COLUMNS.map((c) => `a."${c}"`).join(", ");

export type Counts = Automation["counts"];
const NO_RUNS: Counts = { inside: 0, entered: 0, completed: 0, exited: 0, converted: 0 };

/** Run counts of several automations at once (a list page), over the (automationId, status, stepId) index. */
export async function countsOf(ids: string[], query?: Query): Promise<Map<string, Counts>> {
  if (ids.length === 0) return new Map();
  const text = `SELECT "automationId" AS id,
            count(*) FILTER (WHERE status = 'active')::int AS inside,
            count(*)::int AS entered,
            count(*) FILTER (WHERE status = 'completed')::int AS completed,
            count(*) FILTER (WHERE status = 'exited')::int AS exited,
            count(*) FILTER (WHERE converted)::int AS converted
       FROM "AutomationRun" WHERE "automationId" = ANY($1::uuid[]) GROUP BY "automationId"`;
  const rows = query
    ? (await query<Counts & { id: string }>(text, [ids])).rows
    : await sql<Counts & { id: string }>(text, [ids]);
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Stored definitions were written through the schemas (defaults filled), so they are read back as they are. */
export function toAutomation(row: AutomationRow, counts: Counts = NO_RUNS): Automation {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    description: row.description,
    status: row.status,
    trigger: row.trigger as Trigger,
    entryFilter: (row.entryFilter ?? null) as SegmentRules | null,
    reentry: (row.reentry ?? { mode: "once" }) as Reentry,
    startStepId: row.startStepId,
    steps: (Array.isArray(row.steps) ? row.steps : []) as Step[],
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    replyTo: row.replyTo,
    version: row.publishedVersion,
    counts,
    activatedAt: iso(row.activatedAt),
    pausedAt: iso(row.pausedAt),
    archivedAt: iso(row.archivedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A row with its counts, as every single-automation answer gives it. */
export async function countedAutomation(row: AutomationRow, query?: Query): Promise<Automation> {
  return toAutomation(row, (await countsOf([row.id], query)).get(row.id));
}

export const automationNotFound = () => new AppError("NOT_FOUND", "Automation not found.");

/** The automation's row, or a 404 when it is not one of this workspace's. `forUpdate` locks it (in a transaction). */
export async function loadAutomationRow(
  workspaceId: string,
  id: string,
  query?: Query,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<AutomationRow> {
  const text = `SELECT ${automationColumns} FROM "Automation" a WHERE a.id = $1::uuid AND a."workspaceId" = $2::uuid${forUpdate ? " FOR UPDATE" : ""}`;
  const rows = query
    ? (await query<AutomationRow>(text, [id, workspaceId])).rows
    : await sql<AutomationRow>(text, [id, workspaceId]);
  if (!rows[0]) throw automationNotFound();
  return rows[0];
}
