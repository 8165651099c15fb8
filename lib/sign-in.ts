"use client";
import { signIn } from "next-auth/react";

/** "ok", or the message to show: wrong credentials, or the server's own (throttling, unavailable). */
export type SignInOutcome = "ok" | { error: string };

const WRONG_CREDENTIALS = "Wrong email or password.";

/**
 * Email + password sign-in without a redirect. next-auth sets a fresh CSRF cookie on any auth request made
 * without one, so the session fetch SessionProvider starts on page load can race the token signIn() reads on a
 * first visit; the server then answers with `?csrf=true` instead of a session. One retry reads the settled cookie.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (result?.url?.includes("csrf=true")) continue;
    // next-auth reports a refused sign-in in `error`; `ok` only reflects the HTTP status. "CredentialsSignin" is
    // a wrong email or password (deliberately vague: it must not reveal which emails have accounts); any other
    // value is a message the server wrote for people, e.g. "Too many sign-in attempts. Try again in 15 minutes."
    if (result && !result.error) return "ok";
    if (!result?.error || result.error === "CredentialsSignin") return { error: WRONG_CREDENTIALS };
    return { error: result.error };
  }
  return { error: WRONG_CREDENTIALS };
}
