"use client";
import { signIn } from "next-auth/react";

export type SignInOutcome = "ok" | "wrong-credentials" | "rate-limited";

/**
 * Email + password sign-in without a redirect. next-auth sets a fresh CSRF cookie on any auth request made
 * without one, so the session fetch SessionProvider starts on page load can race the token signIn() reads on a
 * first visit; the server then answers with `?csrf=true` instead of a session. One retry reads the settled cookie.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (result?.url?.includes("csrf=true")) continue;
    // next-auth reports a refused sign-in in `error`; `ok` only reflects the HTTP status.
    if (result && !result.error) return "ok";
    return result?.status === 429 ? "rate-limited" : "wrong-credentials";
  }
  return "wrong-credentials";
}
