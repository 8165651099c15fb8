import { db } from "@/server/db/client";
import { sessionExpiry } from "./session-policy";
import { deleteEndedSessions } from "./prune-sign-in-records";

/** A new session row at sign-in; its id goes into the next-auth JWT. Client details are kept for "your sessions". */
export async function startSession(input: { userId: string; ipAddress?: string | null; userAgent?: string | null }) {
  const now = new Date();
  // Each sign-in clears the user's long-ended sessions, so the table stays the size of its recent history.
  await deleteEndedSessions(input.userId);
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
