// next-auth configuration: email + password (credentials). The JWT cookie names a Session row (server/services/
// sessions), so sign-out ends the session on the server at once and every read of the cookie checks the row.
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { AppError } from "@/server/errors";
import { signInWithPassword } from "@/server/services/users/sign-in-with-password";
import { startSession } from "@/server/services/sessions/start-session";
import { findActiveSession } from "@/server/services/sessions/find-active-session";
import { revokeSession } from "@/server/services/sessions/revoke-session";
import { SESSION_MAX_AGE_MS } from "@/server/services/sessions/session-policy";
import { safeReturnPath } from "@/lib/return-path";
import { clientAddress } from "./client-address";

/** Thrown by the jwt callback for a cookie whose session has ended; next-auth then clears the cookie. */
class SessionEndedError extends Error {
  constructor() {
    super("The session has ended.");
    this.name = "SessionEndedError";
  }
}

type HeaderBag = Record<string, string | string[] | undefined>;

export const authOptions: NextAuthOptions = {
  // The cookie lives as long as the longest session; the Session row's sliding expiry ends it sooner.
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_MS / 1000 },
  pages: { signIn: "/signin" },
  providers: [
    Credentials({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials, req) => {
        const headers: HeaderBag = req?.headers ?? {};
        const address = clientAddress(headers);
        try {
          const user = await signInWithPassword({
            email: credentials?.email,
            password: credentials?.password,
            clientAddress: address,
          });
          if (!user) return null;
          const userAgent = headers["user-agent"];
          return {
            ...user,
            ipAddress: address ?? undefined,
            userAgent: typeof userAgent === "string" ? userAgent : undefined,
          };
        } catch (error) {
          // next-auth hands the message to the sign-in form as `error`: only our own, never a database message.
          if (error instanceof AppError) throw new Error(error.message);
          console.error(error);
          throw new Error("Sign-in is unavailable right now. Try again in a moment.");
        }
      },
    }),
  ],
  callbacks: {
    // Where sign-in and sign-out send the browser (the callbackUrl of the query, body or cookie). next-auth's default
    // throws on a value that is not a URL (a 500) and lets any "/…" string through; only a same-origin path goes.
    redirect: ({ url, baseUrl }) => `${baseUrl}${safeReturnPath(url, baseUrl)}`,
    jwt: async ({ token, user }) => {
      if (user) {
        const session = await startSession({ userId: user.id, ipAddress: user.ipAddress, userAgent: user.userAgent });
        return { sub: user.id, uid: user.id, sid: session.id, name: user.name, email: user.email };
      }
      // Every other read of the cookie (getServerSession, /api/auth/session) asks the Session row.
      const session = await findActiveSession(token.sid);
      if (!session) throw new SessionEndedError();
      return { ...token, uid: session.userId, name: session.user.name, email: session.user.email };
    },
    session: ({ session, token }) => {
      if (session.user && typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
  events: {
    signOut: async ({ token }) => {
      if (typeof token?.sid === "string") await revokeSession({ sessionId: token.sid });
    },
  },
  logger: {
    // An ended session is an expected answer (signed out), not an error worth a stack trace in the log.
    error: (code, metadata) => {
      if (code === "JWT_SESSION_ERROR" && metadata instanceof Error && metadata.name === "SessionEndedError") return;
      console.error(`[next-auth][error][${code}]`, metadata);
    },
  },
};
