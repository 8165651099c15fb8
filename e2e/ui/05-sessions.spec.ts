// Sign-out ends the session on the server: a copy of the session cookie saved before signing out opens nothing
// afterwards. And repeated failed sign-ins meet the throttling message on the sign-in page.
import { expect, test } from "@playwright/test";
import { signIn } from "../fixtures";

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
