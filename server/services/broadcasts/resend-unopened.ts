import { db } from "@/server/db/client";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { illegalMove } from "@/server/state-moves";
import { broadcastSelect, loadBroadcast, toBroadcast } from "./broadcast-record";
import { copiedFields } from "./duplicate-broadcast";

/**
 * A new draft for the source's recipients who did not open it (resendOfId: the audience condition keeps only
 * those), with a new subject and the source's content. The source must have been sent: before that nobody could
 * have opened it. The A/B test is not carried over; the winning variant's content is, when there was one.
 */
export async function resendUnopened({
  workspaceId,
  broadcastId,
  input,
}: {
  workspaceId: string;
  broadcastId: string;
  input: { subject: string; name?: string };
}): Promise<Broadcast> {
  const source = await loadBroadcast(workspaceId, broadcastId);
  if (source.status !== "sent") throw illegalMove("broadcast", "resend to non-openers of", source.status, ["sent"]);
  const winner = Array.isArray(source.variants)
    ? (source.variants as { id: string; previewText?: string | null; blocks?: unknown }[]).find(
        (v) => v.id === source.abWinner,
      )
    : undefined;
  const copied = copiedFields(source);
  const row = await db().broadcast.create({
    data: {
      ...copied,
      ...(winner?.blocks ? { blocks: winner.blocks as object } : {}),
      previewText: winner?.previewText ?? source.previewText,
      variants: [],
      abTestPercent: null,
      abWinnerMetric: null,
      abWinnerAfterMinutes: null,
      subject: input.subject,
      name: (input.name ?? `${source.name} (resend to unopened)`).slice(0, 200),
      resendOfId: source.id,
      status: "draft",
    },
    select: broadcastSelect,
  });
  return toBroadcast(row);
}
