// Return addresses on next-auth's own routes: whatever callbackUrl a request carries (query, cookie, form or JSON
// body), the answer is a 4xx or a redirect to this site, never a 500 and never another origin.
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { authOrigin, refuseCraftedAuthRequest } from "@/server/auth/auth-route-guard";
import { db } from "@/server/db/client";
import { hashPassword } from "@/server/services/users/password";
import { NextAuthClient } from "../support/next-auth-client";

const CRAFTED: unknown[] = [
  "foo",
  "%zz",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/\\evil.example/x",
  "/\t/evil.example/x",
  "//evil.example",
  "/.//evil.example",
  "https://evil.example/",
  "https://sendwell.test@evil.example/",
  5,
  { href: "https://evil.example" },
  ["//evil.example"],
];

/** The origin a browser following `url` (absolute, or relative to the app) ends up on. */
const originOf = (url: string) => new URL(url, authOrigin()).origin;

describe("next-auth's redirect callback", () => {
  it.each(CRAFTED.map((value) => [JSON.stringify(value), value]))(
    "keeps sign-out and sign-in on this site for a body callbackUrl of %s",
    async (_label, callbackUrl) => {
      const client = new NextAuthClient();
      const csrfToken = await client.csrfToken();
      const signOut = await client.call(["signout"], "POST", { csrfToken, callbackUrl, json: "true" });
      expect(signOut.status).toBe(200);
      expect(originOf((signOut.body as { url: string }).url)).toBe(originOf("/"));

      const signIn = await client.call(["callback", "credentials"], "POST", {
        csrfToken,
        callbackUrl,
        email: `${randomUUID()}@return.test`,
        password: "wrong password",
      });
      expect(signIn.status).toBeLessThan(500);
      expect(originOf(signIn.location!)).toBe(originOf("/"));
    },
  );

  it("sends a signed-in person to the same-origin path asked for, and nowhere else", async () => {
    const user = await db().user.create({
      data: { email: `${randomUUID()}@return.test`, passwordHash: await hashPassword("the right password") },
      select: { email: true },
    });
    const client = new NextAuthClient();
    const answer = async (callbackUrl: string) => {
      const csrfToken = await client.csrfToken();
      const res = await client.call(["callback", "credentials"], "POST", {
        csrfToken,
        callbackUrl,
        email: user.email,
        password: "the right password",
        json: "true",
      });
      return (res.body as { url: string }).url;
    };
    expect(await answer("/contacts?tab=all")).toBe(`${originOf("/")}/contacts?tab=all`);
    expect(await answer(`${authOrigin()}/broadcasts`)).toBe(`${originOf("/")}/broadcasts`);
    expect(await answer("/\\evil.example/x")).toBe(`${originOf("/")}/`);
  });
});

describe("/api/auth/* before next-auth", () => {
  const ctx = (...nextauth: string[]) => ({ params: Promise.resolve({ nextauth }) });
  const url = (path: string) => `${authOrigin()}/api/auth/${path}`;

  it.each(["foo", "javascript:alert(1)", "data:text/html,x", "%zz", "//evil.example", "https://evil.example/"])(
    "answers a query callbackUrl of %j with a 400, not next-auth's 500",
    async (value) => {
      for (const [path, segments] of [
        ["session", ["session"]],
        ["signin", ["signin"]],
        ["signout", ["signout"]],
      ] as const) {
        const res = await GET(
          new NextRequest(`${url(path)}?${new URLSearchParams({ callbackUrl: value })}`),
          ctx(...segments),
        );
        expect(res.status).toBe(400);
        expect(res.headers.get("content-type")).toBe("application/problem+json");
        expect(res.headers.get("location")).toBeNull();
      }
    },
  );

  it("answers a crafted callback cookie with a 400 that clears it", async () => {
    for (const [name, value] of [
      ["next-auth.callback-url", "javascript:alert(1)"],
      ["next-auth.callback-url", "foo"],
      ["__Secure-next-auth.callback-url", "https://evil.example/"],
    ]) {
      const req = new NextRequest(url("session"), { headers: { cookie: `${name}=${encodeURIComponent(value!)}` } });
      const res = await GET(req, ctx("session"));
      expect(res.status).toBe(400);
      expect(res.headers.get("set-cookie")).toMatch(new RegExp(`^${name!.replace(/\./g, "\\.")}=; Path=/; Max-Age=0`));
    }
  });

  it("answers a JSON body that does not parse with a 400", async () => {
    const req = new NextRequest(url("callback/credentials"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    const res = await POST(req, ctx("callback", "credentials"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, detail: "The request body is not valid JSON." });
  });

  it("lets same-origin return addresses and ordinary requests through", async () => {
    const pass = (input: string, init?: ConstructorParameters<typeof NextRequest>[1]) =>
      refuseCraftedAuthRequest(new NextRequest(url(input), init));
    expect(await pass("session")).toBeNull();
    expect(await pass("signin?callbackUrl=%2Fcontacts")).toBeNull();
    expect(await pass(`signin?callbackUrl=${encodeURIComponent(`${authOrigin()}/contacts`)}`)).toBeNull();
    expect(await pass("signin?callbackUrl=")).toBeNull();
    expect(
      await pass("session", { headers: { cookie: `next-auth.callback-url=${encodeURIComponent(authOrigin())}` } }),
    ).toBeNull();
    expect(
      await pass("callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "callbackUrl=foo&csrfToken=x",
      }),
    ).toBeNull(); // the redirect callback maps a body value (see above)
  });
});
