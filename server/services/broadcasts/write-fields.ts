// CreateBroadcast / UpdateBroadcast input → the Broadcast columns it sets, with the audience checked against the
// workspace's segments and tags at write time (422 pointing at an unknown id), not only when sending.
import type { Prisma } from "@/server/db/generated/client";
import { audienceSql } from "@/server/broadcasts/audience";
import type { UpdateBroadcast } from "@/lib/schemas/broadcasts";
import { BROADCAST_DRAFT_FIELDS } from "@/lib/schemas/broadcast-constants";

export const DEFAULT_AB_TEST_PERCENT = 20;

type Data = Prisma.BroadcastUncheckedUpdateInput;

/** Draft fields written below with their own rule (an audience's filter goes with its type, a default A/B split). */
const JSON_FIELDS = ["audienceFilter", "blocks", "footerStyles", "variants"] as const;

export async function writeFields(workspaceId: string, input: UpdateBroadcast): Promise<Data> {
  if (input.audienceType !== undefined) {
    await audienceSql({ workspaceId, audienceType: input.audienceType, audienceFilter: input.audienceFilter ?? {} });
  }
  const data: Data = {};
  const copy = <K extends keyof UpdateBroadcast & keyof Data>(key: K) => {
    if (input[key] !== undefined) (data as Record<string, unknown>)[key] = input[key];
  };
  for (const key of BROADCAST_DRAFT_FIELDS) if (!(JSON_FIELDS as readonly string[]).includes(key)) copy(key);
  // JSON columns: stored as the validated (normalised) values.
  if (input.audienceType !== undefined) data.audienceFilter = (input.audienceFilter ?? {}) as Prisma.InputJsonValue;
  if (input.blocks !== undefined) data.blocks = input.blocks as Prisma.InputJsonValue;
  if (input.footerStyles !== undefined) data.footerStyles = input.footerStyles as Prisma.InputJsonValue;
  if (input.variants !== undefined) {
    data.variants = input.variants as Prisma.InputJsonValue;
    if (input.variants.length > 0 && input.abTestPercent == null) data.abTestPercent = DEFAULT_AB_TEST_PERCENT;
  }
  return data;
}
