"use server";
// The composer's live recipient count: the audience as the picker holds it, checked by the same schema as a save
// (so the count and autosave refuse with the same messages at the same pointers), counted by the same SQL as a send.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZAudienceType, ZUpdateBroadcast } from "@/lib/schemas/broadcasts";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { db } from "@/server/db/client";
import { countAudience } from "@/server/broadcasts/audience";
import { countMissingMergeValues } from "@/server/services/broadcasts/count-missing-merge-values";
import { broadcastNotFound } from "@/server/broadcasts/state";

const ZAudienceFields = {
  audienceType: ZAudienceType,
  audienceFilter: z.record(z.string(), z.unknown()).optional(),
  /** A resend-to-unopened draft counts only the source's non-openers: the broadcast names that source. */
  broadcastId: ZUuid.optional(),
};

/** The audience fields checked as a save checks them (so both refuse with the same messages at the same pointers). */
function checkAudience<
  T extends { audienceType: z.output<typeof ZAudienceType>; audienceFilter?: Record<string, unknown> },
>(input: T, ctx: z.RefinementCtx) {
  const parsed = ZUpdateBroadcast.safeParse({ audienceType: input.audienceType, audienceFilter: input.audienceFilter });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return { ...input, audienceFilter: parsed.data.audienceFilter ?? {} };
}

const ZAudienceCount = z.strictObject(ZAudienceFields).transform(checkAudience);

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
    where: { id: broadcastId, workspaceId, automationId: null },
    select: { resendOfId: true },
  });
  if (!row) throw broadcastNotFound();
  return row.resendOfId;
}

/** A merge tag's key, as lib/email-content/merge-tags.ts reads one. */
const ZMergeKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, "Not a merge tag key.");

/**
 * The send checklist's merge-tag warning: of the audience on screen (counted as a send counts it), how many lack
 * each value the draft uses without a fallback.
 */
export const countMissingMergeValuesAction = dashboardAction(
  "broadcasts",
  z.strictObject({ ...ZAudienceFields, keys: z.array(ZMergeKey).min(1).max(50) }).transform(checkAudience),
  async ({ keys, ...input }, { workspace }) =>
    countMissingMergeValues({
      workspaceId: workspace.id,
      audienceType: input.audienceType,
      audienceFilter: input.audienceFilter,
      resendOfId: input.broadcastId ? await resendSource(workspace.id, input.broadcastId) : null,
      keys,
    }),
);
