// A dashboard session cookie for integration tests: a real Session row and the JWT next-auth would set for it.
import { encode } from "next-auth/jwt";
import { startSession } from "@/server/services/sessions/start-session";

export async function sessionCookie(userId: string) {
  const session = await startSession({ userId });
  const token = await encode({
    token: { sub: userId, uid: userId, sid: session.id },
    secret: process.env.NEXTAUTH_SECRET!,
  });
  return { sessionId: session.id, cookie: `next-auth.session-token=${token}` };
}
