// The broadcast report's "Suppressed by rules" figure: how many of the broadcast's recipients a deliverability rule
// suppressed, by rule. Read from the timeline rows applyDeliveryEvent writes with data.rule, through the
// (workspaceId, type, broadcastId) index: only the broadcast's bounces and complaints are read, never its recipients
// (the report polls this every few seconds while sending).
import "server-only";
import { sql } from "@/server/db/pool";
import type { SuppressionRule } from "@/lib/schemas/deliverability-rules";

export type SuppressedCounts = { total: number } & Record<SuppressionRule, number>;

export async function countSuppressedRecipients({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<SuppressedCounts> {
  const rows = await sql<{ rule: string; n: number }>(
    `SELECT data->>'rule' AS rule, count(*)::int AS n FROM "ContactActivity"
      WHERE "workspaceId" = $1 AND type IN ('email.bounced', 'email.complained') AND "broadcastId" = $2
        AND data ? 'rule'
      GROUP BY 1`,
    [workspaceId, broadcastId],
  );
  const counts: SuppressedCounts = { total: 0, hard_bounce: 0, soft_bounces: 0, complaint: 0 };
  for (const { rule, n } of rows) {
    if (rule !== "hard_bounce" && rule !== "soft_bounces" && rule !== "complaint") continue;
    counts[rule] += n;
    counts.total += n;
  }
  return counts;
}
