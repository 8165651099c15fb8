// The team: the owner invites Mia as a member; the invitation email is read in the Outbox (offline, that is where
// it lands) and its link opened in a second browser (another person), where Mia creates her account and lands in
// the workspace with a member's narrower navigation; pages out of her reach answer with the no-access page, and
// the outbox hides the invitation from her. axe finds nothing serious on the team page and the invitation page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { member, owner, signInAs } from "../fixtures";

test.describe.configure({ mode: "serial" });

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]:not([sandbox*="allow-scripts"])')
    .analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Signed in as the owner; onboarding first when this spec runs on its own. */
async function asOwner(page: Page) {
  await page.goto("/");
  if (new URL(page.url()).pathname === "/onboarding") {
    await page.getByLabel("Your name").fill(owner.name);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByLabel("Workspace name").fill(owner.workspace);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/$/);
  } else if (new URL(page.url()).pathname === "/signin") {
    await signInAs(page, owner);
  }
}

let joinLink = "";

test("the owner invites Mia as a member and reads the join link in the Outbox", async ({ page }) => {
  await asOwner(page);
  await page.goto("/settings/team");
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  await expect(page.getByText("(You)")).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("radio", { name: /^Owner/ })).toHaveCount(0);
  await dialog.getByLabel("Email").fill("not an address");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
  await dialog.getByLabel("Email").fill(member.email);
  await dialog.getByRole("radio", { name: /^Member/ }).check();
  await expectNoSeriousAxe(page);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${member.email}.`)).toBeVisible();
  const invitations = page.locator("table").nth(1);
  await expect(invitations.getByText(member.email, { exact: true })).toBeVisible();
  await expect(invitations.getByRole("button", { name: /Copy/ })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Outbox" }).click();
  await page.getByLabel("Search the outbox").fill(member.email);
  await page
    .getByRole("link", { name: `${owner.name} invited you to ${owner.workspace} on Sendwell` })
    .first()
    .click();
  const text = (await page.getByLabel("Plain-text part").textContent()) ?? "";
  joinLink = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? "";
  expect(joinLink, text).not.toBe("");
  expect(text).toContain("as member");
});

test("Mia opens the link in another browser, creates her account and sees a member's navigation", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(joinLink).pathname);
  await expect(page.getByRole("heading", { name: `Join ${owner.workspace}` })).toBeVisible();
  await expect(page.getByText(`${owner.name} invited you`)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(member.email);
  await expectNoSeriousAxe(page);

  // "I already have an account" leads to sign-in with the invited address filled in, returning here afterwards.
  await page.getByRole("link", { name: "I already have an account" }).click();
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Finvite%2F[^&]+&email=mia%40example\.com$/);
  await expect(page.getByLabel("Email")).toHaveValue(member.email);
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.goBack();
  await expect(page.getByRole("heading", { name: `Join ${owner.workspace}` })).toBeVisible();

  await page.getByLabel("Your name").fill(member.name);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page).toHaveURL(/\/$/);

  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Contacts" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Broadcasts" })).toBeVisible();
  for (const hidden of ["API keys", "Webhooks", "Team", "Workspace"])
    await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);

  // Pages out of her reach answer with the no-access page, naming who can help.
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("heading", { name: "You can’t open this page" })).toBeVisible();
  await expect(page.getByText("Only owners and admins can manage API keys.")).toBeVisible();
  await page.goto("/settings/team");
  await expect(page.getByRole("heading", { name: "You can’t open this page" })).toBeVisible();

  // The invitation (it holds a join link) is not in her outbox.
  await page.goto("/outbox");
  await page.getByLabel("Search the outbox").fill(member.email);
  await expect(page.getByText("No messages match")).toBeVisible();
  await context.close();
});

test("the used link says so, and the owner sees Mia among the members", async ({ page }) => {
  await page.goto(new URL(joinLink).pathname);
  await expect(page.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();
  await asOwner(page);
  await page.goto("/settings/team");
  await expect(page.getByRole("combobox", { name: `Role of ${member.name}` })).toHaveValue("member");
  await expect(page.getByText("No open invitations.")).toBeVisible();
});
