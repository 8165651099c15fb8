import { db } from "@/server/db/client";

/** Ends every live session of a user except the one making the request (password change, "sign out elsewhere"). */
export async function revokeOtherSessions(input: { userId: string; keepSessionId: string | null }): Promise<number> {
  const { count } = await db().session.updateMany({
    where: {
      userId: input.userId,
      revokedAt: null,
      ...(input.keepSessionId ? { id: { not: input.keepSessionId } } : {}),
    },
    data: { revokedAt: new Date() },
  });
  return count;
}
