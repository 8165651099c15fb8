// Sign-out ends the session on the server: a copy of the session cookie saved before signing out opens nothing
// afterwards. Repeated failed sign-ins meet the throttling message on the sign-in page. A crafted return address
// never takes the browser off the site, and never makes next-auth's routes answer 500.
import { expect, test } from "@playwright/test";
import { owner, signIn } from "../fixtures";

test("a session cookie saved before sign-out no longer opens /contacts", async ({ page, browser }) => {
  await signIn(page);
  const saved = await page.context().cookies();
  expect(saved.some((c) => c.name.endsWith("next-auth.session-token"))).toBe(true);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);

  // Someone who copied the cookie replays it in a browser of their own.
  const thief = await browser.newContext();
  await thief.addCookies(saved);
  const stolen = await thief.newPage();
  await stolen.goto("/contacts");
  await expect(stolen).toHaveURL(/\/signin/);
  await expect(stolen.getByRole("button", { name: "Sign in" })).toBeVisible();
  await thief.close();
});

test("failed sign-ins meet the throttling message, the same for an email without an account", async ({ page }) => {
  // An email nobody has: locking it touches no account the other specs sign in with.
  const email = `nobody-${Date.now()}@example.com`;
  await page.goto("/signin");
  for (let i = 0; i < 4; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong email or password.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled(); // this attempt has been answered
  }
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Too many sign-in attempts. Try again in 15 minutes.")).toBeVisible();
});

test("a crafted callbackUrl never takes the browser off the site after signing in", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  await page.context().route(
    (url) => url.hostname.endsWith("evil.example"),
    (route) => (elsewhere.push(route.request().url()), route.fulfill({ contentType: "text/html", body: "phished" })),
  );
  // The bypasses of the issue; lib/return-path.test.ts has the whole table.
  for (const callbackUrl of ["/%5Cevil.example/x", "/%09/evil.example/x"]) {
    await page.context().clearCookies();
    await page.goto(`/signin?callbackUrl=${callbackUrl}`);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  }
  // A return address on this site is followed.
  await page.context().clearCookies();
  await page.goto(`/signin?callbackUrl=${encodeURIComponent("/contacts?q=x")}`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}/contacts?q=x`);
  expect(elsewhere).toEqual([]);
});

test("next-auth's routes answer crafted callback URLs with a 4xx or a redirect on this site, never a 500", async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const csrf = await request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const crafted = ["foo", "%zz", "javascript:alert(1)", "data:text/html,x", "/\\evil.example/x", "//evil.example"];
  const answers: { what: string; status: number; location?: string; url?: string }[] = [];
  const record = async (what: string, res: Awaited<ReturnType<typeof request.get>>) => {
    const json = res.headers()["content-type"]?.includes("json");
    const body = (json ? await res.json().catch(() => null) : null) as { url?: string } | null;
    answers.push({ what, status: res.status(), location: res.headers()["location"], url: body?.url });
  };
  for (const value of crafted) {
    const query = `callbackUrl=${encodeURIComponent(value)}`;
    for (const action of ["session", "csrf", "providers", "signin", "signout"])
      await record(`GET ${action}?${query}`, await request.get(`/api/auth/${action}?${query}`, { maxRedirects: 0 }));
    await record(
      `cookie ${value}`,
      await request.get("/api/auth/session", {
        headers: { cookie: `next-auth.callback-url=${encodeURIComponent(value)}` },
      }),
    );
    await record(
      `POST signout callbackUrl=${value}`,
      await request.post("/api/auth/signout", {
        form: { csrfToken, callbackUrl: value, json: "true" },
        maxRedirects: 0,
      }),
    );
  }
  await record(
    "POST signout JSON callbackUrl object",
    await request.post("/api/auth/signout", {
      data: { csrfToken, callbackUrl: { href: "//evil.example" }, json: "true" },
    }),
  );
  await record(
    "POST callback malformed JSON",
    await request.post("/api/auth/callback/credentials", {
      headers: { "content-type": "application/json" },
      data: "{not json",
    }),
  );
  for (const answer of answers) {
    expect(answer.status, answer.what).toBeLessThan(500);
    for (const target of [answer.location, answer.url])
      if (target) expect(new URL(target, origin).origin, answer.what).toBe(origin);
  }
});
