import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { ZUuid } from "@/lib/schemas/common";
import { sessionExpiry, SESSION_TOUCH_INTERVAL_MS } from "./session-policy";

type SessionRow = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userId: string;
  email: string;
  name: string | null;
};

/**
 * The session and its user if the session is still usable (not revoked, not expired), else null. One primary-key
 * read per request (joined with its user, one round trip), no cache: a revoked session is refused on the very next
 * request. Marks the session used at most once a minute, which also slides its expiry.
 */
export async function findActiveSession(sessionId: unknown) {
  const id = ZUuid.safeParse(sessionId);
  if (!id.success) return null; // no session id in the cookie (e.g. one from before sessions were recorded)
  // Every dashboard request runs this: plain SQL, as for API keys (server/db/pool.ts says why).
  const [session] = await sql<SessionRow>(
    `SELECT s.id, s."createdAt", s."lastSeenAt", s."expiresAt", s."revokedAt", u.id AS "userId", u.email, u.name
     FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE s.id = $1`,
    [id.data],
  );
  const now = new Date();
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    // Conditional, so a revocation that landed since the read is never undone and concurrent requests write once.
    await db().session.updateMany({
      where: { id: session.id, revokedAt: null, lastSeenAt: session.lastSeenAt },
      data: { lastSeenAt: now, expiresAt: sessionExpiry(session.createdAt, now) },
    });
  }
  const user = { id: session.userId, email: session.email, name: session.name };
  return { id: session.id, userId: session.userId, user };
}
