// The one mapping from a Broadcast row to the API's Broadcast (the OpenAPI schema Broadcast), the column list the
// raw-SQL reads share with Prisma's select, and the errors every broadcast operation answers.
import { sql } from "@/server/db/pool";
import { broadcastNotFound } from "@/server/broadcasts/state";
import { illegalMove } from "@/server/state-moves";
import type { Broadcast, BroadcastStatus } from "@/lib/schemas/broadcasts";

export const broadcastSelect = {
  id: true,
  workspaceId: true,
  name: true,
  status: true,
  subject: true,
  previewText: true,
  fromName: true,
  fromEmail: true,
  replyTo: true,
  audienceType: true,
  audienceFilter: true,
  blocks: true,
  theme: true,
  footerStyles: true,
  variants: true,
  abTestPercent: true,
  abWinnerMetric: true,
  abWinnerAfterMinutes: true,
  abWinner: true,
  timezoneMode: true,
  scheduledAt: true,
  localDate: true,
  localTime: true,
  paused: true,
  archivedAt: true,
  recipientCount: true,
  sentCount: true,
  failedCount: true,
  sendStartedAt: true,
  sentAt: true,
  resendOfId: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The same columns for raw SQL over the alias `b`. */
export const broadcastColumns = Object.keys(broadcastSelect)
  .map((c) => `b."${c}"`)
  .join(", ");

export type BroadcastRow = {
  [K in keyof typeof broadcastSelect]: K extends "scheduledAt" | "archivedAt" | "sendStartedAt" | "sentAt"
    ? Date | null
    : K extends "createdAt" | "updatedAt"
      ? Date
      : K extends "abTestPercent" | "abWinnerAfterMinutes"
        ? number | null
        : K extends "recipientCount" | "sentCount" | "failedCount"
          ? number
          : K extends "paused"
            ? boolean
            : K extends "audienceFilter" | "blocks" | "footerStyles" | "variants"
              ? unknown
              : K extends "status"
                ? BroadcastStatus
                : K extends "id" | "workspaceId" | "name" | "audienceType" | "theme"
                  ? string
                  : string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const object = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);

export function toBroadcast(row: BroadcastRow): Broadcast {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    status: row.status,
    subject: row.subject,
    previewText: row.previewText,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    replyTo: row.replyTo,
    audienceType: row.audienceType as Broadcast["audienceType"],
    audienceFilter: object(row.audienceFilter),
    // Stored JSON written only through the schemas below (ZBlocks, ZFooterStyles, ZVariant), so it has their shape.
    blocks: list(row.blocks) as Broadcast["blocks"],
    theme: row.theme as Broadcast["theme"],
    footerStyles: object(row.footerStyles) as Broadcast["footerStyles"],
    variants: list(row.variants) as Broadcast["variants"],
    abTestPercent: row.abTestPercent,
    abWinnerMetric: row.abWinnerMetric as Broadcast["abWinnerMetric"],
    abWinnerAfterMinutes: row.abWinnerAfterMinutes,
    abWinner: row.abWinner,
    timezoneMode: row.timezoneMode as Broadcast["timezoneMode"],
    scheduledAt: iso(row.scheduledAt),
    localDate: row.localDate,
    localTime: row.localTime,
    paused: row.paused,
    archived: row.archivedAt !== null,
    archivedAt: iso(row.archivedAt),
    recipientCount: row.recipientCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    sendStartedAt: iso(row.sendStartedAt),
    sentAt: iso(row.sentAt),
    resendOfId: row.resendOfId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// The 404 the engine answers too (server/broadcasts/state.ts), for the services beside it.
export { broadcastNotFound };

/**
 * The broadcast's row, or a 404 when it is not one of this workspace's. An automation's hidden step broadcast
 * (automationId set) is not a broadcast to anyone but its automation: 404 as well, for every operation.
 */
export async function loadBroadcast(workspaceId: string, broadcastId: string): Promise<BroadcastRow> {
  const [row] = await sql<BroadcastRow>(
    `SELECT ${broadcastColumns} FROM "Broadcast" b
      WHERE b.id = $1 AND b."workspaceId" = $2 AND b."automationId" IS NULL`,
    [broadcastId, workspaceId],
  );
  if (!row) throw broadcastNotFound();
  return row;
}

/**
 * After a conditional UPDATE matched nothing: 404 if the broadcast is not this workspace's, otherwise the 409 that
 * names its current status.
 */
export async function refusedMove(
  workspaceId: string,
  broadcastId: string,
  action: string,
  allowed: readonly BroadcastStatus[],
): Promise<never> {
  const row = await loadBroadcast(workspaceId, broadcastId);
  throw illegalMove("broadcast", action, row.status, allowed);
}
