// Shared by the Playwright specs: the one user the ui project signs up, and UI steps used by several specs.
import { expect, type Page } from "@playwright/test";

/** Signing in or creating an account hashes the password slowly on purpose; on a busy 2-core machine (or while the
 *  worker vacuums the embedded database) the step can pass Playwright's 10 s default. */
export const PASSWORD_HASH_WAIT = { timeout: 30_000 };

export const owner = {
  name: "Olivia Owner",
  email: "olivia@example.com",
  password: "a long and good password",
  workspace: "Olivia's Shop",
};

/** The member spec 10 invites and signs up from the invitation. */
export const member = {
  name: "Mia Member",
  email: "mia@example.com",
  password: "another long and good password",
};

export async function signIn(page: Page) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Makes `name` the current workspace through the sidebar's switcher, creating it when the signed-in person has none
 * by that name, and waits until the switcher itself names it as current: the cookie is set by then, so the next
 * `page.goto` lands in it. (The name is visible in the open menu at once, so waiting for the text alone is a race.)
 */
export async function enterWorkspace(page: Page, name: string) {
  const trigger = page.getByRole("button", { name: /^Workspace: / }).first();
  const current = new RegExp(`^Workspace: ${escapeRegExp(name)}\\s*(owner|admin|member|author|viewer)$`, "i");
  await trigger.click();
  const existing = page.getByRole("listitem").getByRole("button", { name: new RegExp(`^${escapeRegExp(name)}$`) });
  if (await existing.count()) {
    await existing.first().click();
  } else {
    await page.getByRole("button", { name: "Create workspace" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Workspace name").fill(name);
    await dialog.getByRole("button", { name: /Create/ }).click();
  }
  await expect(trigger).toHaveAccessibleName(current);
}

/** Creates a key in Settings → API keys and returns the plaintext shown once. */
export async function createKeyInUi(page: Page, name: string, scope: "Read" | "Write") {
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("radio", { name: new RegExp(`^${scope}`) }).check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())?.trim() ?? "";
  expect(key).toMatch(/^sw_[0-9A-Za-z]{36}$/);
  await expect(page.getByText("You won't be able to see it again", { exact: false })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(shown).toBeHidden();
  return key;
}

/** Signs in as anyone with an account (the owner, or the member once spec 10 has signed her up). */
export async function signInAs(page: Page, person: { email: string; password: string }) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
}
