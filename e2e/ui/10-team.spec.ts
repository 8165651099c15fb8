// The team: the owner invites Mia as a member; the invitation email is read in the Outbox (offline, that is where
// it lands) and its link opened in a second browser (another person), where Mia creates her account and lands in
// the workspace with a member's narrower navigation; pages out of her reach answer with the no-access page, and
// the outbox hides the invitation from her. axe finds nothing serious on the team page and the invitation page.
// Then a viewer and an author join the same way: the viewer opens every page with nothing to click that changes
// anything, the author writes a draft but finds no Send; screenshots at 1440 and 390 px wide (test-results/).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createKeyInUi, member, owner, PASSWORD_HASH_WAIT, signInAs } from "../fixtures";

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
    await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
  } else if (new URL(page.url()).pathname === "/signin") {
    await signInAs(page, owner);
  }
}

let joinLink = "";

const viewer = { name: "Vera Viewer", email: "vera@example.com", password: "a viewer's long password" };
const author = { name: "Arlo Author", email: "arlo@example.com", password: "an author's long password" };
const links: Record<string, string> = {};

/** The join link of the newest invitation email to `email`, read in the owner's Outbox. */
/** Records every time `text` shows up on the page, across navigations, from now on. */
async function watchForText(page: Page, text: string) {
  const seen: string[] = [];
  await page.exposeFunction("__sawText", (url: string) => seen.push(url));
  const watch = (wanted: string) => {
    const check = () => {
      if (document.body?.innerText.includes(wanted))
        (window as unknown as { __sawText: (u: string) => void }).__sawText(location.href);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  };
  await page.addInitScript(watch, text);
  await page.evaluate(watch, text);
  return seen;
}

async function joinLinkFromOutbox(page: Page, email: string) {
  await page.goto("/outbox");
  await page.getByLabel("Search the outbox").fill(email);
  // Several invitations share the subject: wait until the search leaves this person's one.
  const invitation = page.getByRole("link", { name: `${owner.name} invited you to ${owner.workspace} on Sendwell` });
  await expect(invitation).toHaveCount(1);
  await invitation.click();
  const text = (await page.getByLabel("Plain-text part").textContent()) ?? "";
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? "";
  expect(link, text).not.toBe("");
  return { link, text };
}

/** A new browser where the invited person creates their account from the link and lands on the overview. */
async function joinInNewBrowser(
  browser: import("@playwright/test").Browser,
  person: { name: string; email: string; password: string },
  expectRole: RegExp,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(links[person.email]!).pathname);
  await expect(page.getByText(expectRole)).toBeVisible();
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
  return { context, page };
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

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
  const shown = await watchForText(page, "This invitation was already used");
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
  // Joining re-rendered the page as a used invitation for a moment before the dashboard opened (a new teammate who
  // clicked its "Sign in" stopped the automatic sign-in).
  expect(shown).toEqual([]);

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

test("the owner invites a viewer and an author; the team page says what each role allows", async ({ page }) => {
  await asOwner(page);
  await page.goto("/settings/team");
  const guide = page.getByTestId("role-guide");
  await expect(
    guide.getByText("Sees contacts, broadcasts, forms, analytics and the outbox; changes nothing."),
  ).toBeVisible();
  await expect(guide.getByText(/^Writes broadcast drafts, templates and forms/)).toBeVisible();

  for (const [person, role] of [
    [viewer, "Viewer"],
    [author, "Author"],
  ] as const) {
    await page.getByRole("button", { name: "Invite member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(person.email);
    const radio = dialog.getByRole("radio", { name: new RegExp(`^${role}`) });
    await radio.check();
    await expect(radio).toHaveAccessibleDescription(/changes nothing|cannot send or schedule/);
    if (role === "Author") await expectNoSeriousAxe(page);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${person.email}.`)).toBeVisible();
  }
  // Role changes offer the new roles too.
  await expect(page.getByRole("combobox", { name: `Role of ${member.name}` }).locator("option")).toHaveText([
    "Admin",
    "Member",
    "Author",
    "Viewer",
  ]);
  await shoot(page, "team-owner");
  // At phone width the page is no wider than the screen: the tables scroll by themselves, their screen-reader labels
  // ("Revoke invitation of …") kept inside the scroller (the page was 558 px wide at 390 px when they were not).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  for (const person of [viewer, author]) {
    const { link, text } = await joinLinkFromOutbox(page, person.email);
    links[person.email] = link;
    expect(text).toContain(person === viewer ? "as viewer" : "as author");
  }
});

test("a viewer opens every page a member opens, with nothing to click that changes anything", async ({ browser }) => {
  const { context, page } = await joinInNewBrowser(browser, viewer, /join as viewer: Sees contacts/);

  // No setup checklist and no New broadcast on the overview.
  await expect(page.getByRole("heading", { name: owner.workspace, exact: true })).toBeVisible();
  await expect(page.getByTestId("setup-checklist")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New broadcast" })).toHaveCount(0);

  const nav = page.getByRole("navigation", { name: "Main" });
  for (const link of ["Broadcasts", "Forms", "Contacts", "Segments", "Tags", "Outbox"])
    await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();

  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", exact: true })).toBeVisible();
  for (const name of ["Import CSV", "Export CSV"]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add contact" })).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expectNoSeriousAxe(page);
  await shoot(page, "contacts-viewer");

  const noWriteButton: [string, string][] = [
    ["/broadcasts", "New broadcast"],
    ["/forms", "New form"],
    ["/segments", "New segment"],
    ["/tags", "New tag"],
    ["/settings/custom-fields", "New field"],
  ];
  for (const [path, name] of noWriteButton) {
    await page.goto(path);
    await expect(page.locator("main h1, main h2").first()).toBeVisible();
    await expect(page.getByRole("link", { name })).toHaveCount(0);
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }

  // A page whose only purpose is to create something says who can, instead of offering a form that would refuse.
  await page.goto("/broadcasts/new");
  await expect(page.getByRole("heading", { name: "You can’t open this page" })).toBeVisible();
  await expect(
    page.getByText("Only owners, admins, members and authors can write broadcasts and templates."),
  ).toBeVisible();
  await context.close();
});

test("an author writes a draft but finds no Send, and the setup steps it cannot do carry no link", async ({
  browser,
}) => {
  const { context, page } = await joinInNewBrowser(browser, author, /join as author: Writes broadcast drafts/);
  const checklist = page.getByTestId("setup-checklist");
  if (await checklist.count()) {
    await expect(checklist.getByRole("link", { name: /Send your first broadcast/ })).toHaveCount(0);
    await expect(checklist.getByRole("link", { name: /Set the sender/ })).toHaveCount(0);
  }
  await page.goto("/contacts");
  await expect(page.getByRole("button", { name: "Add contact" })).toHaveCount(0);

  await page.goto("/broadcasts/new");
  await page.getByRole("button", { name: /^Start blank/ }).click();
  await expect(page).toHaveURL(/\/broadcasts\/[0-9a-f-]{36}\/edit$/);
  await page.getByRole("tab", { name: "Send" }).click();
  const panel = page.getByTestId("send-panel");
  await expect(panel.getByTestId("send-not-allowed")).toHaveText(
    "Only owners, admins and members can send or schedule broadcasts. Ask one of them when it is ready.",
  );
  await expect(panel.getByRole("button", { name: "Send now" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: /^Schedule/ })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Send a test…" })).toBeVisible();
  await expectNoSeriousAxe(page);
  await context.close();
});

test("the home's recent broadcasts show every column at 1440 px, even for a long name", async ({ page, request }) => {
  await asOwner(page);
  const key = await createKeyInUi(page, "Home check", "Write");
  const name = "Spring garden newsletter with a name long enough to push the other columns of a narrow card away";
  const created = await request.post("/api/v1/broadcasts", { headers: { "X-API-Key": key }, data: { name } });
  expect(created.status()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const table = page.getByRole("table", { name: "Recent broadcasts" });
  await expect(table.getByRole("link", { name })).toBeVisible();
  // The table fits its card: nothing to scroll sideways, the last column inside the card's box.
  const fits = await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth);
  expect(fits).toBe(true);
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByRole("columnheader", { name: "Clicks" })).toBeInViewport({ ratio: 1 });
  await shoot(page, "home-owner");
});

test("a viewer reads a draft as its preview, without the composer", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, viewer);
  await page.goto("/broadcasts");
  await page.getByRole("link", { name: /^Spring garden newsletter/ }).click();
  await expect(page).toHaveURL(/\/broadcasts\/[0-9a-f-]{36}\/edit$/);
  const view = page.getByTestId("draft-view");
  await expect(view.getByText("You can read this broadcast. Only owners, admins, members and authors")).toBeVisible();
  await expect(page.getByTestId("send-panel")).toHaveCount(0);
  await expectNoSeriousAxe(page);
  await shoot(page, "draft-viewer");
  await context.close();
});

test("at 390 px the menu reaches the account and sign-out; Skip to content is the first stop", async ({ page }) => {
  await asOwner(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: /Account settings/ })).toBeInViewport();
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeInViewport();
  await page.screenshot({ path: "test-results/screens/menu-390.png" });
  await menu.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
});
