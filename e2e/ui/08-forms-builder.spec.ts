// A sign-up form end to end as a marketer builds one: a popup made in the builder (a first-name field added and
// moved with the keyboard, the button colour changed, previewed live), published, embedded in a plain HTML page of
// another origin (a tiny local server) where the popup opens and a visitor signs up; the confirmation email (the
// form's own subject and message) is read in the Outbox and its link confirms the contact, then leads to the form's
// page after confirming; the submission shows in the dashboard (as Subscribed) and the API, the contact names the
// form as its source and says it confirmed; unpublishing
// makes the embed render nothing (config 404). A landing page is published, visited and unpublished (404). axe
// checks the builder, the list and the New form page.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createKeyInUi, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const VISITOR = "grace@visitors.test";
let writeKey = "";
let formId = "";
let snippet = "";
let site: Server;
let siteUrl = "";

// The "customer's site": another origin (127.0.0.1 on its own port, not the app's localhost) serving a plain page
// with whatever snippet the builder gave us.
test.beforeAll(async () => {
  site = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Grace's garden blog</title></head>` +
        `<body><main><h1>Garden notes</h1><p>Tomatoes like the sun.</p></main>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** The New form page's type cards: the radio is visually hidden, the card around it is what people click. */
async function pickType(page: Page, name: RegExp) {
  const radio = page.getByRole("radio", { name });
  await page.locator("label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a popup built in the builder is published with its snippet, and axe finds nothing serious", async ({ page }) => {
  await signIn(page);
  writeKey = await createKeyInUi(page, "Forms e2e", "Write");

  await page.getByRole("link", { name: "Forms", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Forms", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "New form" }).first().click();
  await page.getByLabel("Name").fill("Garden newsletter");
  await pickType(page, /^Popup/);
  await shot(page, "forms-new");
  await noSeriousViolations(page);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/forms\/[0-9a-f-]{36}$/);
  formId = page.url().split("/").pop() ?? "";
  await expect(page.getByRole("heading", { name: "Garden newsletter" })).toBeVisible();

  // Fields: add a first name and move it above the email with the keyboard (announced to screen readers).
  const rows = page.getByTestId("builder-field");
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Add first name field" }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Label").fill("Your first name");
  // Mouse: drag the new field's handle onto the email row.
  await rows.nth(1).getByTitle("Drag to reorder").dragTo(rows.nth(0));
  await expect(rows.first()).toContainText("Your first name");
  // Keyboard: down again, then back up, each move announced.
  await page.getByRole("button", { name: "Move Your first name down" }).focus();
  await page.keyboard.press("Enter");
  await expect(rows.first()).toContainText("Email");
  await expect(page.getByText("Your first name moved to position 2 of 2.")).toBeAttached();
  // Focus stays on the moved row: at the bottom its Move up button, so Enter again moves it back.
  await expect(page.getByRole("button", { name: "Move Your first name up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rows.first()).toContainText("Your first name");
  await expect(page.getByText("Your first name moved to position 1 of 2.")).toBeAttached();

  // Style: the button colour, typed as hex.
  await page.getByRole("tab", { name: "Style" }).click();
  await page.getByLabel("Button colour", { exact: true }).fill("#e11d48");
  await page.getByLabel("Button text", { exact: true }).fill("Count me in");

  // Settings: a heading, and the popup opens at once (no delay) so the visitor sees it straight away.
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Heading").fill("Join the garden club");
  await page.getByLabel("Delay (seconds)").fill("0");

  // The live preview follows the unsaved draft: the real embed script renders the popup with the new button.
  const preview = page.frameLocator('iframe[title="Form preview"]');
  const dialog = preview.getByRole("dialog");
  await expect(dialog).toContainText("Join the garden club");
  const button = dialog.getByRole("button", { name: "Count me in" });
  await expect(button).toHaveCSS("background-color", "rgb(225, 29, 72)");
  await expect(dialog.getByLabel("Your first name")).toBeVisible();
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await shot(page, "forms-builder-draft");

  // Leaving through a dashboard link with unsaved changes asks first; staying keeps them.
  let asked = "";
  page.once("dialog", (d) => ((asked = d.message()), void d.dismiss()));
  await page.getByRole("navigation", { name: "Form sections" }).getByRole("link", { name: "Submissions" }).click();
  await expect.poll(() => asked).toContain("Leave without saving?");
  await expect(page).toHaveURL(new RegExp(`/forms/${formId}$`));
  await expect(page.getByLabel("Heading")).toHaveValue("Join the garden club");

  // The confirmation email's own subject and message (merge tags filled per contact), and the page after confirming.
  await page.getByLabel("Subject", { exact: true }).fill("{{firstName|Friend}}, one click to join the garden club");
  await page
    .getByLabel("Message", { exact: true })
    .fill("Hello {{firstName|there}},\n\nOne click and the garden letters start.");
  await expect(page.getByText("55/200.", { exact: false })).toBeVisible();

  // A bad value is refused by the save and shown at its input.
  await page.getByLabel("Redirect URL").fill("not a url");
  await page.getByLabel("Page after confirming").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Redirect URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Page after confirming")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Page after confirming")).toHaveAccessibleDescription(
    "Must be an absolute http(s) URL.",
  );
  await page.getByLabel("Redirect URL").fill("");
  await page.getByLabel("Page after confirming").fill(`${siteUrl}welcome`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeHidden();
  await shot(page, "forms-builder-confirmation-email");

  // Publish: the switch turns on and the header says so.
  const published = page.getByRole("switch", { name: "Published" });
  await published.click();
  await expect(published).toHaveAttribute("aria-checked", "true");
  snippet = (await page.getByTestId("embed-snippet").textContent()) ?? "";
  expect(snippet).toMatch(new RegExp(`<script src="http://[^"]+/embed\\.js" data-form="${formId}" async></script>`));
  await shot(page, "forms-builder-published");

  await noSeriousViolations(page);
  await page.getByRole("tab", { name: "Fields" }).click();
  await noSeriousViolations(page);

  // The list shows it with its status and type.
  await page.goto("/forms");
  const row = page.getByTestId("form-row").filter({ hasText: "Garden newsletter" });
  await expect(row).toContainText("Published");
  await expect(row).toContainText("Popup");
  // The API's filters and sorts: another type or status finds nothing, the right ones find it again. Narrowed to
  // this form by name first: other specs' forms may be in the workspace.
  await page.getByLabel("Search forms").fill("Garden newsletter");
  await expect(page.getByTestId("form-row")).toHaveCount(1);
  await page.getByLabel("Type").selectOption({ label: "Inline" });
  await expect(page.getByText("No forms match")).toBeVisible();
  await page.getByLabel("Type").selectOption({ label: "Popup" });
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(page.getByText("No forms match")).toBeVisible();
  await page.getByRole("button", { name: "Published", exact: true }).click();
  await page.getByLabel("Sort by").selectOption({ label: "Name (A–Z)" });
  await page.getByLabel("Search forms").fill("garden");
  await expect(page.getByTestId("form-row")).toHaveCount(1);
  await shot(page, "forms-list");
  await noSeriousViolations(page);
});

test("a visitor signs up in the popup on another site, confirms from the Outbox and is subscribed", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newPage();
  await visitor.goto(siteUrl);
  const popup = visitor.getByRole("dialog");
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("Join the garden club");
  await popup.getByLabel("Your first name").fill("Grace");
  await popup.getByLabel("Email").fill(VISITOR);
  // A person takes a few seconds to type; the form refuses submissions faster than FORM_MIN_FILL_MS (3 s).
  await visitor.waitForTimeout(3_200);
  await popup.getByRole("button", { name: "Count me in" }).click();
  await expect(popup).toContainText(/check your inbox|confirm/i);
  await shot(visitor, "forms-site-submitted");
  await visitor.close();

  // The confirmation email waits in the Outbox with the form's subject and message, filled for Grace, and the
  // form's button colour; its link confirms the address and then leads to the form's page after confirming.
  await signIn(page);
  await page.goto("/outbox");
  await page.getByLabel("Search the outbox").fill(VISITOR);
  const rows = page.getByTestId("outbox-row");
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await rows.first().getByRole("link", { name: "Grace, one click to join the garden club" }).click();
  const email = page.frameLocator(`iframe[title^="Email to ${VISITOR}"]`);
  await expect(email.getByText("Hello Grace,")).toBeVisible();
  await expect(email.getByText("One click and the garden letters start.")).toBeVisible();
  const confirm = email.getByRole("link", { name: "Yes, subscribe me" });
  await expect(confirm).toHaveCSS("background-color", "rgb(225, 29, 72)");
  const href = (await confirm.getAttribute("href")) ?? "";
  expect(href).toMatch(/\/confirm\/[^/]+$/);
  await page.goto(href);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page).toHaveURL(`${siteUrl}welcome`);
  await expect(page.getByRole("heading", { name: "Garden notes" })).toBeVisible();
  // The link again (a second visit): the page says it is done.
  await page.goto(href);
  await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();

  const headers = { "X-API-Key": writeKey };
  const contacts = await request.get(`/api/v1/contacts?search=${encodeURIComponent(VISITOR)}`, { headers });
  expect(contacts.status()).toBe(200);
  const contact = (await contacts.json()).data[0];
  expect(contact).toMatchObject({ email: VISITOR, status: "subscribed", firstName: "Grace" });

  // The submission, in the API and on the form's Submissions tab.
  const subs = await request.get(`/api/v1/forms/${formId}/submissions`, { headers });
  expect(subs.status()).toBe(200);
  const body = await subs.json();
  expect(body.total).toBe(1);
  expect(body.data[0]).toMatchObject({ contactEmail: VISITOR, data: { firstName: "Grace", email: VISITOR } });
  await page.goto(`/forms/${formId}`);
  await page.getByRole("navigation", { name: "Form sections" }).getByRole("link", { name: "Submissions" }).click();
  await expect(page).toHaveURL(new RegExp(`/forms/${formId}/submissions`));
  const row = page.getByTestId("submission-row").filter({ hasText: VISITOR });
  await expect(row).toBeVisible();
  // The contact as they are now: confirmed, so Subscribed (no longer "Pending confirmation").
  await expect(row.getByText("Subscribed", { exact: true })).toBeVisible();
  await expect(row.getByText("Pending confirmation")).toHaveCount(0);
  await shot(page, "forms-submissions");

  // The contact's page names the form as the source (a link to it), and the timeline says what happened.
  await row.getByRole("link", { name: VISITOR }).click();
  await expect(page.getByRole("heading", { name: VISITOR })).toBeVisible();
  const source = page.getByRole("definition").filter({ hasText: "Form “Garden newsletter”" });
  await expect(source.getByRole("link", { name: "“Garden newsletter”" })).toHaveAttribute("href", `/forms/${formId}`);
  await expect(page.getByText("Confirmed their subscription from the form “Garden newsletter”")).toBeVisible();
  await expect(page.getByText("Submitted the form “Garden newsletter”")).toBeVisible();
  await expect(page.getByText(/Subscribed again/)).toHaveCount(0);
  await expect(page.getByText(`form:${formId}`)).toHaveCount(0);
  await noSeriousViolations(page);
  await shot(page, "forms-contact-source");
});

test("unpublished, the embed renders nothing and its config answers 404", async ({ page, request }) => {
  await signIn(page);
  await page.goto(`/forms/${formId}`);
  const published = page.getByRole("switch", { name: "Published" });
  await expect(published).toHaveAttribute("aria-checked", "true");
  await published.click();
  await page.getByRole("dialog").getByRole("button", { name: "Unpublish" }).click();
  await expect(published).toHaveAttribute("aria-checked", "false");
  expect((await request.get(`/api/forms/${formId}`)).status()).toBe(404);

  const visitor = await page.context().newPage();
  const config = visitor.waitForResponse((r) => r.url().endsWith(`/api/forms/${formId}`));
  await visitor.goto(siteUrl);
  expect((await config).status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Garden notes" })).toBeVisible();
  await expect(visitor.getByRole("dialog")).toHaveCount(0);
  await expect(visitor.locator("[data-sendwell-host]")).toHaveCount(0);
  await visitor.close();
});

test("a landing page is live at its link while published and 404 once unpublished", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/forms/new");
  await page.getByLabel("Name").fill("Seed swap");
  await pickType(page, /^Landing page/);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/forms\/[0-9a-f-]{36}$/);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Heading").fill("Swap seeds with neighbours");

  // The live preview renders each type (sticky bars and slide-ins over the stand-in page).
  const preview = page.frameLocator('iframe[title="Form preview"]');
  for (const type of ["Inline", "Sticky bar", "Slide-in", "Popup", "Landing page"]) {
    await page.getByLabel("Type", { exact: true }).selectOption({ label: type });
    await expect(page.getByText(`${type}, with your unsaved changes.`)).toBeVisible();
    await expect(preview.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await shot(page, `forms-preview-${type.toLowerCase().replace(/\W+/g, "-")}`);
  }
  await page.getByLabel("Page title").fill("Seed swap sign-up");
  await page.keyboard.press("Control+s"); // the editor's save shortcut
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeHidden();
  await expect(page.getByLabel("Address (slug)")).toHaveValue("seed-swap");
  await page.getByRole("switch", { name: "Published" }).click();
  await expect(page.getByRole("switch", { name: "Published" })).toHaveAttribute("aria-checked", "true");

  const link = page.getByTestId("landing-page-link");
  const url = (await link.textContent()) ?? "";
  expect(url).toMatch(/\/f\/seed-swap$/);
  const path = new URL(url).pathname;
  const landing = await page.context().newPage();
  await landing.goto(path);
  await expect(landing).toHaveTitle(/Seed swap sign-up/);
  await expect(landing.getByRole("heading", { name: "Swap seeds with neighbours" })).toBeVisible();
  await landing.close();

  await page.getByRole("switch", { name: "Published" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("switch", { name: "Published" })).toHaveAttribute("aria-checked", "false");
  expect((await request.get(path)).status()).toBe(404);
});
