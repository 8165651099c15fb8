// A broadcast's counters for stats and analytics: its row and its BroadcastStats rollup, one primary-key read each,
// whatever the number of recipients (the tracking rollup keeps them; nothing here scans recipients or events).
import "server-only";
import { sql } from "@/server/db/pool";
import type { BroadcastStatus } from "@/lib/schemas/broadcast-constants";
import { broadcastNotFound } from "@/server/broadcasts/state";

export type BroadcastCounters = {
  status: BroadcastStatus;
  recipientCount: number;
  sent: number;
  failed: number;
  delivered: number;
  uniqueOpens: number;
  totalOpens: number;
  machineOpens: number;
  mppAffected: number;
  clicked: number;
  totalClicks: number;
  bounced: number;
  hardBounces: number;
  softBounces: number;
  complained: number;
  unsubscribed: number;
};

export async function loadBroadcastCounters(workspaceId: string, broadcastId: string): Promise<BroadcastCounters> {
  const [row] = await sql<BroadcastCounters>(
    `SELECT b.status::text AS status, b."recipientCount", b."sentCount" AS sent, b."failedCount" AS failed,
            coalesce(s.delivered, 0) AS delivered, coalesce(s."uniqueOpens", 0) AS "uniqueOpens",
            coalesce(s."totalOpens", 0) AS "totalOpens", coalesce(s."machineOpens", 0) AS "machineOpens",
            coalesce(s."mppAffected", 0) AS "mppAffected", coalesce(s.clicked, 0) AS clicked,
            coalesce(s."totalClicks", 0) AS "totalClicks", coalesce(s.bounced, 0) AS bounced,
            coalesce(s."hardBounces", 0) AS "hardBounces", coalesce(s."softBounces", 0) AS "softBounces",
            coalesce(s.complained, 0) AS complained, coalesce(s.unsubscribed, 0) AS unsubscribed
       FROM "Broadcast" b LEFT JOIN "BroadcastStats" s ON s."broadcastId" = b.id
      WHERE b.id = $1 AND b."workspaceId" = $2 AND b."automationId" IS NULL`,
    [broadcastId, workspaceId],
  );
  if (!row) throw broadcastNotFound();
  return row;
}

/** part / whole in percent, two decimals; 0 when there is no whole. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

/** The denominator of open, click and unsubscribe rates: messages sent and not known to have bounced. */
export const reached = (c: BroadcastCounters) => Math.max(0, c.sent - c.bounced);
