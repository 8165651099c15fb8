import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { describeUserAgent } from "./describe-user-agent";
import { revokeSession } from "./revoke-session";

export type SessionListItem = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

/** The user's live sessions (not revoked, not expired), the current one first, then the most recently used. */
export async function listSessions(input: { userId: string; currentSessionId: string }): Promise<SessionListItem[]> {
  const rows = await db().session.findMany({
    where: { userId: input.userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, lastSeenAt: true },
    take: 200,
  });
  return rows
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === input.currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * "Sign out" on one session of the list. Only the user's own sessions: another user's id, an ended session or an
 * unknown id is NOT_FOUND alike (an id says nothing about whose it is). The current session signs out from the
 * sidebar instead, which also clears the cookie.
 */
export async function endOwnSession(input: { userId: string; sessionId: string; currentSessionId: string }) {
  if (input.sessionId === input.currentSessionId)
    throw new AppError("BAD_REQUEST", "This is the session you are using: sign out from the menu instead.");
  const ended = await revokeSession({ sessionId: input.sessionId, userId: input.userId });
  if (!ended) throw new AppError("NOT_FOUND", "This session has already ended.");
}
