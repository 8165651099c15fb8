import { db } from "@/server/db/client";
import { sessionExpiry, SESSION_TOUCH_INTERVAL_MS } from "./session-policy";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session and its user if the session is still usable (not revoked, not expired), else null. One primary-key
 * read per request, no cache: a revoked session is refused on the very next request. Marks the session used at most
 * once a minute, which also slides its expiry.
 */
export async function findActiveSession(sessionId: unknown) {
  if (typeof sessionId !== "string" || !UUID.test(sessionId)) return null;
  const session = await db().session.findUnique({
    where: { id: sessionId },
    select: {
      id: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { id: true, email: true, name: true } },
    },
  });
  const now = new Date();
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    // Conditional, so a revocation that landed since the read is never undone and concurrent requests write once.
    await db().session.updateMany({
      where: { id: session.id, revokedAt: null, lastSeenAt: session.lastSeenAt },
      data: { lastSeenAt: now, expiresAt: sessionExpiry(session.createdAt, now) },
    });
  }
  return { id: session.id, userId: session.user.id, user: session.user };
}

export type ActiveSession = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;
