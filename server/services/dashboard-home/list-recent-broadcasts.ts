// The home page's latest broadcasts (not archived), newest first, with their rates from the tracking rollup: one
// index range of the workspace's broadcasts and a primary-key join, whatever the audience sizes.
import "server-only";
import type { RecentBroadcast } from "@/lib/broadcast-report";
import { sql } from "@/server/db/pool";
import { percent } from "@/server/services/broadcasts/broadcast-counters";

export async function listRecentBroadcasts({
  workspaceId,
  limit = 5,
}: {
  workspaceId: string;
  limit?: number;
}): Promise<RecentBroadcast[]> {
  const rows = await sql<{
    id: string;
    name: string;
    status: RecentBroadcast["status"];
    paused: boolean;
    sentAt: Date | null;
    sendStartedAt: Date | null;
    scheduledAt: Date | null;
    updatedAt: Date;
    sent: number;
    bounced: number;
    uniqueOpens: number;
    clicked: number;
  }>(
    `SELECT b.id, b.name, b.status::text AS status, b.paused, b."sentAt", b."sendStartedAt", b."scheduledAt",
            b."updatedAt", b."sentCount" AS sent, coalesce(s.bounced, 0) AS bounced,
            coalesce(s."uniqueOpens", 0) AS "uniqueOpens", coalesce(s.clicked, 0) AS clicked
       FROM "Broadcast" b LEFT JOIN "BroadcastStats" s ON s."broadcastId" = b.id
      WHERE b."workspaceId" = $1 AND b."archivedAt" IS NULL AND b."automationId" IS NULL
      ORDER BY b."createdAt" DESC, b.id DESC
      LIMIT $2`,
    [workspaceId, limit],
  );
  return rows.map((r) => {
    const reached = Math.max(0, r.sent - r.bounced);
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      paused: r.paused,
      sentAt: r.sentAt?.toISOString() ?? null,
      sendStartedAt: r.sendStartedAt?.toISOString() ?? null,
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
      sent: r.sent,
      openRate: percent(r.uniqueOpens, reached),
      clickRate: percent(r.clicked, reached),
    };
  });
}
