import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { broadcastSelect, loadBroadcast, toBroadcast, type BroadcastRow } from "./broadcast-record";

/** The fields a copy carries over: content, sender, audience and A/B settings; never state, schedule or counts. */
export function copiedFields(source: BroadcastRow) {
  const json = (v: unknown) => (v ?? undefined) as Prisma.InputJsonValue | undefined;
  return {
    workspaceId: source.workspaceId,
    subject: source.subject,
    previewText: source.previewText,
    fromName: source.fromName,
    fromEmail: source.fromEmail,
    replyTo: source.replyTo,
    audienceType: source.audienceType as "all" | "segments" | "tags",
    audienceFilter: json(source.audienceFilter),
    blocks: json(source.blocks),
    theme: source.theme,
    footerStyles: json(source.footerStyles),
    variants: json(source.variants),
    abTestPercent: source.abTestPercent,
    abWinnerMetric: source.abWinnerMetric,
    abWinnerAfterMinutes: source.abWinnerAfterMinutes,
  };
}

/** A new draft named "<name> (copy)", whatever the source's status; the source is not touched. */
export async function duplicateBroadcast({
  workspaceId,
  broadcastId,
}: {
  workspaceId: string;
  broadcastId: string;
}): Promise<Broadcast> {
  const source = await loadBroadcast(workspaceId, broadcastId);
  const row = await db().broadcast.create({
    data: {
      ...copiedFields(source),
      resendOfId: source.resendOfId,
      name: `${source.name} (copy)`.slice(0, 200),
      status: "draft",
    },
    select: broadcastSelect,
  });
  return toBroadcast(row);
}
