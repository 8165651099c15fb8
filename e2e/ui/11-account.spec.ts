// The account of the person signed in: forgot password with the link read from the server log (offline, account
// mail reaches nobody else: the outbox transport prints it there), the reset that signs every device out, and the
// account page (name, sessions, signing out another device, password change). Runs on the owner and gives the
// owner's password and name back at the end, so the specs after this one still sign in.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { owner, PASSWORD_HASH_WAIT } from "../fixtures";
import { accountLinkFromLog, accountLinksInLog } from "../server-log";

test.describe.configure({ mode: "serial" });

const NEW_PASSWORD = "a fresh password for olivia";

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function signInAs(page: Page, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A second browser (another device) signed in as the owner. */
async function otherDevice(browser: Browser, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, password);
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
  return { context, page };
}

test("forgot password: the link from the server log sets a new password, signs in and signs every other device out", async ({
  page,
  browser,
}) => {
  const laptop = await otherDevice(browser, owner.password);
  const before = accountLinksInLog(owner.email, "/reset-password/");

  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousAxe(page);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(`If an account exists for ${owner.email}, we sent it a link`)).toBeVisible();
  // Offline (the outbox transport), the link is in the server log, not in anyone's inbox or spam folder.
  await expect(page.getByText("the link is in its server log, so ask the person who runs Sendwell")).toBeVisible();
  await expect(page.getByText(/spam folder/)).toHaveCount(0);

  const link = await accountLinkFromLog(owner.email, "/reset-password/", before);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoSeriousAxe(page);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill("not the same password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two passwords differ.")).toBeVisible();
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT); // signed in with the new password

  // The other device was signed out by the reset.
  await laptop.page.goto("/contacts");
  await expect(laptop.page).toHaveURL(/\/signin/);
  await laptop.context.close();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByText("This link was already used")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");

  // The old password is refused, the new one accepted.
  await page.goto("/");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signInAs(page, owner.password);
  await expect(page.getByText("Wrong email or password.")).toBeVisible(PASSWORD_HASH_WAIT);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
});

test("account page: name, sessions with this device, signing out another device, password change", async ({
  page,
  browser,
}) => {
  await signInAs(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);

  await page.getByRole("link", { name: /Account settings/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
  await expectNoSeriousAxe(page);

  // Name, with its limit said at the field.
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("Olivia O.");
  await expect(page.getByText(`9/80`)).toBeVisible();
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name saved.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Olivia O\./ })).toBeVisible(); // the sidebar's user block

  // The sessions left by the test before (at least its last sign-in) go with "Sign out all other sessions".
  const rows = page.getByRole("table", { name: "Active sessions" }).locator("tbody tr");
  await expect(rows.nth(1)).toBeVisible();
  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out all other sessions" })).toBeDisabled();

  // A phone signs in: two sessions, this one first and marked; signing out the other ends it on the phone.
  const phone = await otherDevice(browser, NEW_PASSWORD);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByText("This device")).toBeVisible();
  await expect(rows.first().getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await rows.nth(1).getByRole("button", { name: "Sign out" }).click();
  await expect(rows).toHaveCount(1);
  await phone.page.goto("/contacts");
  await expect(phone.page).toHaveURL(/\/signin/);
  await phone.context.close();

  // Password change: a wrong current password is said at its field; the right one changes it back.
  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password", { exact: true }).fill(owner.password);
  await page.getByLabel("Confirm new password").fill(owner.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
  await page.getByLabel("Current password").fill(NEW_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(owner.password);
  await page.getByLabel("Confirm new password").fill(owner.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed.")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/); // still signed in here

  // The owner's name back as the other specs know it.
  await name.fill(owner.name);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name saved.").last()).toBeVisible();
});
