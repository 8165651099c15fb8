"use server";
// The composer's live recipient count: the audience as the picker holds it, checked by the same schema as a save
// (so the count and autosave refuse with the same messages at the same pointers), counted by the same SQL as a send.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZAudienceType, ZUpdateBroadcast } from "@/lib/schemas/broadcasts";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { db } from "@/server/db/client";
import { countAudience } from "@/server/sending/audience";
import { broadcastNotFound } from "@/server/sending/state";

const ZAudienceCount = z
  .strictObject({
    audienceType: ZAudienceType,
    audienceFilter: z.record(z.string(), z.unknown()).optional(),
    /** A resend-to-unopened draft counts only the source's non-openers: the broadcast names that source. */
    broadcastId: ZUuid.optional(),
  })
  .transform(({ broadcastId, ...audience }, ctx) => {
    const parsed = ZUpdateBroadcast.safeParse(audience);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { broadcastId, audienceType: audience.audienceType, audienceFilter: parsed.data.audienceFilter ?? {} };
  });

/** `{ count }` of subscribed contacts the audience holds now; unknown segment or tag ids are a 422 naming each. */
export const countAudienceAction = dashboardAction("broadcasts", ZAudienceCount, async (input, { workspace }) => {
  const resendOfId = input.broadcastId ? await resendSource(workspace.id, input.broadcastId) : null;
  const count = await countAudience({
    workspaceId: workspace.id,
    audienceType: input.audienceType,
    audienceFilter: input.audienceFilter,
    resendOfId,
  });
  return { count };
});

async function resendSource(workspaceId: string, broadcastId: string): Promise<string | null> {
  // Only the one column: the count runs on every pause in the picker, a full broadcast row (blocks) is not needed.
  const row = await db().broadcast.findFirst({
    where: { id: broadcastId, workspaceId },
    select: { resendOfId: true },
  });
  if (!row) throw broadcastNotFound();
  return row.resendOfId;
}
