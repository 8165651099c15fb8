import { db } from "@/server/db/client";
import { ENDED_SESSION_RETENTION_MS, sessionExpiry } from "./session-policy";

/** A new session row at sign-in; its id goes into the next-auth JWT. Client details are kept for "your sessions". */
export async function startSession(input: { userId: string; ipAddress?: string | null; userAgent?: string | null }) {
  const now = new Date();
  // Each sign-in clears the user's long-ended sessions, so the table stays the size of its recent history.
  const cutoff = new Date(now.getTime() - ENDED_SESSION_RETENTION_MS);
  await db().session.deleteMany({
    where: { userId: input.userId, OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] },
  });
  return db().session.create({
    data: {
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiry(now, now),
      ipAddress: input.ipAddress?.slice(0, 64) || null,
      userAgent: input.userAgent?.slice(0, 512) || null,
    },
    select: { id: true, userId: true, expiresAt: true },
  });
}
