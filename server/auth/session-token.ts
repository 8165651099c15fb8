// next-auth's session cookie, read without a Next.js request context (route handlers, tests, pages alike).
import { decode, type JWT } from "next-auth/jwt";

/** next-auth names its cookie __Secure-… when the site is served over https. */
function sessionCookieName(): string {
  const secure = process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;
  return secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

/** The decrypted token (joined from .0, .1… chunks when large), or null if absent, expired or forged. */
export async function readSessionToken(cookies: ReadonlyMap<string, string>): Promise<JWT | null> {
  const name = sessionCookieName();
  const chunks = [...cookies.keys()]
    .filter((k) => k.startsWith(`${name}.`))
    .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
  const token = cookies.get(name) ?? (chunks.length ? chunks.map((k) => cookies.get(k)).join("") : undefined);
  const secret = process.env.NEXTAUTH_SECRET;
  if (!token || !secret) return null;
  try {
    return await decode({ token, secret });
  } catch {
    return null; // expired, tampered with, or made with another secret
  }
}
