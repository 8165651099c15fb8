import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { id: string };
  }
  /** What authorize returns: the client details go into the Session row the jwt callback creates. */
  interface User {
    ipAddress?: string;
    userAgent?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    /** The Session row this cookie belongs to; revoked or expired means signed out. */
    sid?: string;
  }
}
