// The forms and broadcasts an activity condition can name, for the builder's pickers: newest first, capped, as a
// picker of hundreds helps nobody (an id beyond the cap still shows, as "Not in the latest").
import "server-only";
import { db } from "@/server/db/client";

export type ActivityTarget = { id: string; name: string };
export type ActivityTargets = { forms: ActivityTarget[]; broadcasts: ActivityTarget[] };

const CAP = 200;

export async function loadActivityTargets(workspaceId: string): Promise<ActivityTargets> {
  const [forms, broadcasts] = await Promise.all([
    db().form.findMany({
      where: { workspaceId, deletedAt: null },
      orderBy: { createdAt: "desc" },
      take: CAP,
      select: { id: true, name: true },
    }),
    // An automation's hidden step broadcasts are not broadcasts a marketer can pick (validate-rules refuses them).
    db().broadcast.findMany({
      where: { workspaceId, automationId: null },
      orderBy: { createdAt: "desc" },
      take: CAP,
      select: { id: true, name: true },
    }),
  ]);
  return { forms, broadcasts };
}
