// The automations pages as a marketer uses them, in a workspace of this spec's own (the shared first workspace is
// left alone): the nav entry and the empty list; "New automation" from the Welcome series template, which opens the
// builder; activated (through the API: the builder's spec activates through its button), it shows in the list with
// its trigger in words, status filter and search; its report (totals, the steps in flow order, a range); a contact
// added by hand (an unsubscribed one refused with the reason, a second try refused as already inside), seen on their
// contact page with their step history, then removed with a confirmation; pause from the row menu, a duplicate, and
// the duplicate (a draft) deleted. axe (no serious or critical violations) and screenshots at 1440 and 390 px.
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createKeyInUi, enterWorkspace, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

const LAB = `Automations Lab ${Date.now().toString(36)}`;
const ADA = "ada@automations.test";
const UMA = "uma@automations.test";
const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Full-page screenshots at desktop and phone width; at 390 px nothing may widen the page. */
async function shootBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/automations-${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.screenshot({ path: `${SHOTS}/automations-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("list → new from a template → report → a contact added by hand → seen on the contact page", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await enterWorkspace(page, LAB);

  // Activation needs a sender and a postal address (the checklist's, as for a broadcast).
  await page.goto("/settings/workspace");
  await page.getByLabel("Postal address").fill("Automations Lab\n1 Loop Lane\nSpringfield");
  await page.getByLabel("Default from email").fill("hello@automations.test");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();
  const headers = { "X-API-Key": await createKeyInUi(page, "Automations e2e", "Write") };
  for (const [email, status] of [
    [ADA, "subscribed"],
    [UMA, "unsubscribed"],
  ]) {
    const res = await request.post("/api/v1/contacts", { headers, data: { email, status } });
    expect(res.status()).toBe(201);
  }

  // The nav entry, and the empty list saying how to start.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Automations", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Automations", exact: true })).toBeVisible();
  await expect(page.getByText("No automations yet")).toBeVisible();
  await expectNoSeriousAxe(page);
  await shootBoth(page, "list-empty");

  // New automation → Welcome series → the builder.
  await page.getByRole("button", { name: "New automation" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New automation" });
  for (const name of ["Blank automation", "Welcome series", "Re-engagement", "Birthday email"])
    await expect(dialog.getByRole("radio", { name: new RegExp(`^${name}`) })).toBeVisible();
  await dialog.getByRole("radio", { name: /^Welcome series/ }).check();
  await dialog.getByLabel("Name").fill("Lab welcome");
  await expectNoSeriousAxe(page);
  await dialog.getByRole("button", { name: "Create and open the builder" }).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}\/edit$/);
  const id = /\/automations\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;

  const activated = await request.post(`/api/v1/automations/${id}/activate`, { headers });
  expect(activated.status(), await activated.text()).toBe(200);

  // The list: status, trigger in words, counts; the status tabs and the search filter it.
  await page.goto("/automations");
  const row = page.getByTestId("automation-row").filter({ hasText: "Lab welcome" });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("When: Subscribes (any source)");
  await page.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(page.getByText("No automations match")).toBeVisible();
  await page.getByRole("button", { name: "Active", exact: true }).click();
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: "All", exact: true }).click();
  await page.getByLabel("Search automations").fill("nothing like it");
  await expect(page.getByText("No automations match")).toBeVisible();
  await page.getByLabel("Search automations").fill("");
  await expect(row).toBeVisible();

  // The report: header, totals, the steps in the order contacts meet them (the welcome email first).
  await row.getByRole("link", { name: "Lab welcome" }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${id}$`));
  await expect(page.getByRole("heading", { name: "Lab welcome", level: 1 })).toBeVisible();
  await expect(page.getByText("Starts when:")).toBeVisible();
  await expect(page.getByTestId("total-entered")).toHaveText("0");
  const steps = page.getByTestId("step-row");
  expect(await steps.count()).toBeGreaterThanOrEqual(4);
  await expect(steps.first()).toContainText("Email");
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Nobody has entered yet.")).toBeVisible();

  // Add a contact: the unsubscribed one is refused with the reason; Ada enters; a second try says she is inside.
  await page.getByRole("button", { name: "Add a contact" }).click();
  const add = page.getByRole("dialog", { name: /Add a contact/ });
  await add.getByLabel("Email address").fill(UMA);
  await add.getByRole("button", { name: "Add contact" }).click();
  await expect(add.getByText(/Not subscribed\. .*unsubscribed/)).toBeVisible();
  await expectNoSeriousAxe(page);
  await add.getByLabel("Email address").fill(ADA);
  await add.getByRole("button", { name: "Add contact" }).click();
  await expect(add).toBeHidden();
  const adaRow = page.getByTestId("enrolment-row").filter({ hasText: ADA });
  await expect(adaRow).toContainText("Inside");
  await expect(page.getByTestId("total-inside")).toHaveText("1");
  await page.getByRole("button", { name: "Add a contact" }).click();
  await add.getByLabel("Email address").fill(ADA);
  await add.getByRole("button", { name: "Add contact" }).click();
  await expect(add.getByText(/^Already in it\./)).toBeVisible();
  await add.getByRole("button", { name: "Cancel" }).click();

  // Filters of the contacts table: by status and by an exact address.
  const enrolments = page.getByTestId("enrolments");
  await enrolments.getByLabel("Status").selectOption("completed");
  await expect(page.getByText("Nobody matches.")).toBeVisible();
  await enrolments.getByLabel("Status").selectOption("");
  await enrolments.getByLabel("Find a contact by email").fill(UMA);
  await expect(page.getByText(`No contact with the address ${UMA} is or was in this automation.`)).toBeVisible();
  await enrolments.getByLabel("Find a contact by email").fill(ADA);
  await expect(adaRow).toBeVisible();
  await enrolments.getByLabel("Find a contact by email").fill("");
  await expectNoSeriousAxe(page);
  await shootBoth(page, "report");

  // Her contact page shows the automation, where she is, and her step history.
  await adaRow.getByRole("link", { name: ADA }).click();
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
  const section = page.getByTestId("contact-automations");
  const run = section.getByTestId("contact-automation").filter({ hasText: "Lab welcome" });
  await expect(run).toContainText("Inside");
  await run.getByText(/^Step history/).click();
  await expect(run.getByRole("list", { name: "Steps of Lab welcome" }).getByRole("listitem").first()).toBeVisible();
  await expectNoSeriousAxe(page);
  await shootBoth(page, "contact");

  // Removed by hand, with a confirmation: exited, and the contact page says why.
  await run.getByRole("link", { name: "Lab welcome" }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${id}$`));
  await adaRow.getByRole("button", { name: `Remove ${ADA}` }).click();
  const confirm = page.getByRole("dialog", { name: new RegExp(`Remove ${ADA}`) });
  await expect(confirm).toContainText("count as exited");
  await confirm.getByRole("button", { name: "Remove contact" }).click();
  await expect(adaRow).toContainText("Exited");
  await expect(adaRow).toContainText("Removed by hand");
  await page.goBack();
  await expect(page.getByTestId("contact-automation").filter({ hasText: "Lab welcome" })).toContainText(
    "Removed by hand",
  );

  // The row menu: pause (confirmed), duplicate (a draft, opened in the builder), delete the draft (confirmed).
  await page.goto("/automations");
  await row.getByRole("button", { name: "Actions for Lab welcome" }).click();
  await page.getByRole("menuitem", { name: "Pause…" }).click();
  await page
    .getByRole("dialog", { name: "Pause “Lab welcome”?" })
    .getByRole("button", { name: "Pause automation" })
    .click();
  await expect(row).toContainText("Paused");
  await row.getByRole("button", { name: "Actions for Lab welcome" }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}\/edit$/);
  expect(page.url()).not.toContain(id);
  await page.goto("/automations");
  const copy = page.getByTestId("automation-row").filter({ hasText: "Draft" });
  await expect(copy).toHaveCount(1);
  const copyName = (await copy.getByRole("link").first().textContent())!.trim();
  await copy.getByRole("button", { name: `Actions for ${copyName}` }).click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  await page
    .getByRole("dialog", { name: `Delete “${copyName}”?` })
    .getByRole("button", { name: "Delete draft" })
    .click();
  await expect(copy).toHaveCount(0);
  // An active or paused automation is not deleted: the menu says to archive instead.
  await row.getByRole("button", { name: "Actions for Lab welcome" }).click();
  await expect(page.getByRole("menuitem", { name: /Delete…/ })).toContainText("Only drafts are deleted");
  await page.keyboard.press("Escape");
  await expectNoSeriousAxe(page);
  await shootBoth(page, "list");
});
