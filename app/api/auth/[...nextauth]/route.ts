// GET/POST /api/auth/* – next-auth (sign-in, sign-out, session, CSRF), after refusing crafted return addresses
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";
import { refuseCraftedAuthRequest } from "@/server/auth/auth-route-guard";

type Context = { params: Promise<{ nextauth: string[] }> };

const nextAuth: (req: NextRequest, ctx: Context) => Promise<Response> = NextAuth(authOptions);

async function handler(req: NextRequest, ctx: Context) {
  return (await refuseCraftedAuthRequest(req)) ?? nextAuth(req, ctx);
}

export { handler as GET, handler as POST };
