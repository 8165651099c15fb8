// Condition and goal rules on one run's contact: segment conditions compiled by the segments compiler (the same SQL
// as segment counts), and `step_email` conditions answered by this run's own recipient rows of that step's hidden
// broadcasts (opened / clicked as the tracking rollup records them).
import { Prisma } from "@/server/db/generated/client";
import type { Query } from "@/server/db/pool";
import { compileRules, type FieldDefLite } from "@/server/services/segments/segment-condition";
import type { ConditionRules } from "@/lib/schemas/automations";
import type { SegmentRules } from "@/lib/schemas/segments";

const { sql, join } = Prisma;

type RunRef = { id: string; workspaceId: string; automationId: string; contactId: string };

function stepEmail(run: RunRef, c: { action: string; stepId: string }): Prisma.Sql {
  const column = c.action.endsWith("opened") ? sql`r."openedAt"` : sql`r."clickedAt"`;
  const exists = sql`EXISTS (SELECT 1 FROM "BroadcastRecipient" r JOIN "Broadcast" b ON b.id = r."broadcastId"
    WHERE r."runId" = ${run.id}::bigint AND b."automationId" = ${run.automationId}::uuid
      AND b."automationStepId" = ${c.stepId} AND ${column} IS NOT NULL)`;
  return c.action.startsWith("not_") ? sql`(NOT ${exists})` : exists;
}

export async function runMatches(
  query: Query,
  run: RunRef,
  rules: ConditionRules | SegmentRules,
  fieldDefs: FieldDefLite[],
): Promise<boolean> {
  const parts = rules.conditions.map((c) =>
    c.type === "step_email"
      ? stepEmail(run, c)
      : compileRules(run.workspaceId, { match: "all", conditions: [c] } as SegmentRules, fieldDefs),
  );
  const condition = sql`(${join(parts, rules.match === "all" ? " AND " : " OR ")})`;
  const statement = sql`SELECT ${condition} AS ok FROM "Contact" c
    WHERE c.id = ${run.contactId}::uuid AND c."workspaceId" = ${run.workspaceId}::uuid`;
  const { rows } = await query<{ ok: boolean }>(statement.text, statement.values);
  return rows[0]?.ok === true;
}
