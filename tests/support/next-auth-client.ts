// Drives next-auth's own request handling (what /api/auth/* runs, here through its Node API-route entry, which needs
// no Next.js request context) the way a browser does: CSRF token, credentials sign-in, session read, sign-out.
// Cookies are kept in a jar like a browser's, so a test can save one and replay it later.
import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";

const HOST = "sendwell.test";

type Answer = { status: number; body: unknown; setCookies: string[]; location?: string };

export class NextAuthClient {
  readonly jar = new Map<string, string>();

  constructor(readonly headers: Record<string, string> = {}) {
    process.env.NEXTAUTH_URL ??= `http://${HOST}`; // else next-auth warns on every call
  }

  /** The cookie header a browser would send now. */
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** One request to /api/auth/<path…> (with extra query parameters, e.g. a callbackUrl), as the browser sends it. */
  async call(
    path: string[],
    method: "GET" | "POST",
    body?: Record<string, unknown>,
    query: Record<string, string> = {},
  ): Promise<Answer> {
    const answer: Answer = { status: 200, body: undefined, setCookies: [] };
    const headers = new Map<string, string | string[]>();
    const res = {
      status: (code: number) => ((answer.status = code), res),
      setHeader: (name: string, value: string | string[]) => (headers.set(name.toLowerCase(), value), res),
      getHeader: (name: string) => headers.get(name.toLowerCase()),
      end: () => undefined,
      json: (value: unknown) => void (answer.body = value),
      send: (value: unknown) => void (answer.body = value),
    };
    const req = {
      query: { ...query, nextauth: path },
      method,
      body,
      cookies: Object.fromEntries(this.jar),
      headers: { host: HOST, "x-forwarded-proto": "http", ...this.headers },
    };
    await (NextAuth as unknown as (...args: unknown[]) => Promise<void>)(req, res, { ...authOptions });
    const location = headers.get("location");
    if (typeof location === "string") answer.location = location;
    for (const line of [headers.get("set-cookie") ?? []].flat()) {
      const [pair, ...attributes] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = decodeURIComponent(pair!.slice(pair!.indexOf("=") + 1));
      const cleared = attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === "";
      if (cleared) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return answer;
  }

  async csrfToken(): Promise<string> {
    return ((await this.call(["csrf"], "GET")).body as { csrfToken: string }).csrfToken;
  }

  /** Credentials sign-in; `error` is what the sign-in form receives (null when signed in). */
  async signIn(email: string, password: string): Promise<{ error: string | null }> {
    const csrfToken = await this.csrfToken();
    const res = await this.call(["callback", "credentials"], "POST", { email, password, csrfToken, json: "true" });
    const { url } = res.body as { url: string };
    return { error: new URL(url, `http://${HOST}`).searchParams.get("error") };
  }

  async session(): Promise<unknown> {
    return (await this.call(["session"], "GET")).body;
  }

  async signOut(): Promise<void> {
    const csrfToken = await this.csrfToken();
    await this.call(["signout"], "POST", { csrfToken, json: "true" });
  }
}
