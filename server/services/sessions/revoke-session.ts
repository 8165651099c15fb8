import { db } from "@/server/db/client";
import { ZUuid } from "@/lib/schemas/common";

/**
 * Ends one session at once (sign-out, or "end this session" in a later settings page). Idempotent; an already
 * revoked session keeps its first revokedAt. With userId, only that user's session is touched.
 */
export async function revokeSession(input: { sessionId: string; userId?: string }): Promise<boolean> {
  if (!ZUuid.safeParse(input.sessionId).success) return false; // not ours: the column would refuse it anyway
  const { count } = await db().session.updateMany({
    where: { id: input.sessionId, revokedAt: null, ...(input.userId ? { userId: input.userId } : {}) },
    data: { revokedAt: new Date() },
  });
  return count > 0;
}
