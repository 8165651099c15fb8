// What /api/auth/* refuses before next-auth sees the request. next-auth 4 takes a return address three ways: the
// `callbackUrl` query parameter, its callback-url cookie and a `callbackUrl` body field. It checks the first two
// itself and answers a value it cannot parse as an http URL (`foo`, `javascript:…`, `data:…`) with a 500 "server
// configuration" error, on every route including /api/auth/session; a JSON body that does not parse is a 500 too.
// Here such requests get a 400 instead, and a crafted callback cookie is cleared so the browser recovers. Values
// that parse but point elsewhere are refused the same way; the body field goes through the `redirect` callback
// (server/auth/options.ts), which maps anything but a same-origin path to the home page.
import type { NextRequest } from "next/server";
import { sameOriginPath } from "@/lib/return-path";
import { appUrl } from "@/server/config";
import { problem } from "@/server/http/problem";
import { isTooLarge, readBodyText } from "@/server/http/read-body";

/** next-auth's name for the cookie, with the __Secure- prefix it adds on https sites. */
const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** The origin next-auth builds its redirects on (NEXTAUTH_URL, which `npm start` sets to APP_URL). */
export function authOrigin(): string {
  return process.env.NEXTAUTH_URL || appUrl();
}

const MAX_AUTH_BODY_BYTES = 16_384;

const NOT_HERE = "callbackUrl must be a path on this site, e.g. /contacts.";

/**
 * A path or an absolute http(s) URL (next-auth's own precondition: it answers anything else, e.g. `foo`, with its
 * 500) that leads to this site.
 */
const acceptable = (value: string, origin: string) =>
  (value.startsWith("/") || /^https?:\/\//i.test(value)) && sameOriginPath(value, origin) !== null;

/** A 400 problem response for a request next-auth would answer with a 500 or a foreign redirect; null to go on. */
export async function refuseCraftedAuthRequest(req: NextRequest): Promise<Response | null> {
  const origin = authOrigin();
  const instance = req.nextUrl.pathname;
  // An empty value is no value to next-auth as well.
  const params = req.nextUrl.searchParams.getAll("callbackUrl").filter(Boolean);
  if (params.some((value) => !acceptable(value, origin))) return problem(400, NOT_HERE, instance);

  const crafted = CALLBACK_COOKIES.filter((name) => {
    const value = req.cookies.get(name)?.value;
    return value && !acceptable(value, origin);
  });
  if (crafted.length) {
    const headers = new Headers();
    for (const name of crafted)
      headers.append(
        "Set-Cookie",
        `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
      );
    return problem(400, `${NOT_HERE} The stored return address was cleared: try again.`, instance, { headers });
  }

  // next-auth's client logger endpoint writes whatever it is sent to the server log, where offline account mail
  // (password reset links) is read: anyone could forge such lines. The dashboard never posts to it.
  if (req.nextUrl.pathname.endsWith("/_log")) return problem(404, "Not found.", instance);

  if (req.method === "POST") {
    // next-auth reads the whole body, whatever its size: its forms are tiny, so anything larger is refused unread.
    let text: string;
    try {
      text = await readBodyText(
        req.clone(),
        MAX_AUTH_BODY_BYTES,
        `Request bodies here are limited to ${MAX_AUTH_BODY_BYTES} bytes.`,
      );
    } catch (error) {
      if (isTooLarge(error)) return problem(413, error.message, instance);
      throw error;
    }
    if (req.headers.get("content-type")?.includes("application/json")) {
      try {
        JSON.parse(text);
      } catch {
        return problem(400, "The request body is not valid JSON.", instance);
      }
    }
  }
  return null;
}
