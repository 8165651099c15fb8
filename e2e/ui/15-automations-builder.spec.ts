// The automation builder as a marketer uses it, in a workspace of its own: an empty automation (made through the API
// with a key from Settings) built from scratch on the canvas (the trigger, an email written in the block composer, a
// delay, a condition on that email, an exit), the checklist naming every problem with a way to each (the open "No"
// path, the missing sender, the postal address), each fixed, and the automation activated and paused. The builder is
// used by keyboard for the step cards, and axe finds nothing serious on it or on the email composer over it.
// Screenshots at 1440 and 390 px are attached (and kept in /tmp/shots).
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { createKeyInUi, owner, PASSWORD_HASH_WAIT } from "../fixtures";

test.describe.configure({ mode: "serial" });

const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });
const WORKSPACE = "Automation Lab";

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Signed in (onboarding first when this spec runs on its own) and in this spec's workspace (made on first use). */
async function enterLab(page: Page) {
  await page.goto("/");
  if (new URL(page.url()).pathname === "/onboarding") {
    await page.getByLabel("Your name").fill(owner.name);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByLabel("Workspace name").fill(owner.workspace);
    await page.getByRole("button", { name: "Create account" }).click();
  } else if (new URL(page.url()).pathname === "/signin") {
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
  const switcher = page.getByRole("button", { name: /^Workspace: / });
  if ((await switcher.textContent())?.includes(WORKSPACE)) return;
  await switcher.click();
  const existing = page.getByRole("button", { name: WORKSPACE, exact: true });
  if (await existing.isVisible()) {
    await existing.click();
  } else {
    await page.getByRole("button", { name: "Create workspace" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Workspace name").fill(WORKSPACE);
    await dialog.getByRole("button", { name: "Create workspace" }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(switcher).toContainText(WORKSPACE);
}

/** Picks a step type in the "+" dialog of the named place. */
async function addStep(page: Page, place: string | RegExp, type: string) {
  await page.getByRole("button", { name: place }).click();
  const dialog = page.getByRole("dialog", { name: "Add a step" });
  await dialog.getByRole("button", { name: new RegExp(`^${type}`) }).click();
  await expect(dialog).toBeHidden();
}

const saved = (page: Page) =>
  expect(page.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved", { timeout: 15_000 });

test("an automation built from scratch: trigger, email, delay, condition, exit; the checklist leads to each problem; activated", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await enterLab(page);
  const headers = { "X-API-Key": await createKeyInUi(page, "Automations e2e", "Write") };
  const created = await page.request.post("/api/v1/automations", {
    headers,
    data: { name: "Lab welcome", trigger: { type: "api" } },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/automations/${id}/edit`);
  const builder = page.getByTestId("automation-builder");
  await expect(builder.getByRole("heading", { level: 1 })).toHaveText("Lab welcome");

  // The trigger: a contact who subscribes through any source.
  await page.getByRole("button", { name: /^Trigger/ }).click();
  const panel = page.getByTestId("trigger-panel");
  await panel.getByLabel("Contacts enter when").selectOption("subscribed");
  await expect(page.locator("#automation-trigger-card")).toContainText("Subscribes (any source)");

  // An email at the start, written in the block composer.
  await addStep(page, "Add a step at the start", "Send email");
  await page.getByRole("button", { name: "Edit email" }).click();
  const editor = page.getByTestId("email-step-editor");
  await expect(editor.getByLabel("Subject")).toBeFocused();
  await editor.getByLabel("Subject").fill("Welcome to the lab");
  await editor.getByRole("button", { name: "Add Heading block" }).click();
  await editor.getByRole("button", { name: "Add Text block" }).click();
  await expectNoSeriousAxe(page);
  await shot(page, testInfo, "automation-email-1440");
  await editor.getByRole("button", { name: "Done" }).click();
  await expect(editor).toBeHidden();
  const first = page.getByTestId("step-card").first();
  await expect(first).toContainText("Welcome to the lab");
  await expect(first).toContainText("2 blocks");

  // A delay of two days after it, then a condition on the email (its default: opened it), and an exit on "Yes".
  await addStep(page, /^Add a step after step 1/, "Delay");
  await page.getByTestId("step-panel").getByLabel("Amount").fill("2");
  await expect(page.getByTestId("step-card").nth(1)).toContainText("Wait 2 days");
  await addStep(page, /^Add a step after step 2/, "Condition");
  await expect(page.getByTestId("step-card").nth(2)).toContainText("If opened “Welcome to the lab”");
  await addStep(page, /^Add a step on branch Yes of step 3/, "Exit");
  await saved(page);

  // The checklist names every problem: the "No" path has no end, no sender, no postal address.
  const checklist = page.getByTestId("automation-checklist");
  await expect(checklist).toContainText("3 problems to fix before activating");
  await expect(checklist).toContainText("This path has no end");
  await expect(checklist).toContainText("sender");
  await expect(checklist).toContainText("postal address");
  await shot(page, testInfo, "automation-builder-problems-1440");
  await expectNoSeriousAxe(page);

  // Activating now is refused and says why, on the checklist, which takes the focus.
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(checklist.getByRole("alert")).toContainText("Not activated: Cannot activate the automation");
  await expect(checklist).toBeFocused();
  await expect(page.getByTestId("automation-status")).toHaveText("draft");

  // Each problem leads to its place: the condition's card (focused), then the sender's address field.
  await checklist.getByRole("button", { name: "Go to step 3" }).click();
  await expect(page.locator('[id^="automation-step-condition"]')).toBeFocused();
  await addStep(page, /^Add a step on branch No of step 3/, "Exit");
  await checklist.getByRole("button", { name: "Go to the sender" }).click();
  const from = page.getByLabel("From address");
  await expect(from).toBeFocused();
  await from.fill("lab@olivia.test");
  await saved(page);

  // Changed elsewhere meanwhile (through the API): the next save meets the conflict, and the marketer chooses.
  const patched = await page.request.patch(`/api/v1/automations/${id}`, {
    headers,
    data: { name: "Lab welcome series" },
  });
  expect(patched.status()).toBe(200);
  await page.getByRole("button", { name: /^Step 2: Delay/ }).click();
  await page.getByTestId("step-panel").getByLabel("Amount").fill("3");
  await expect(page.locator("[data-save-state]")).toHaveAttribute("data-save-state", "conflict");
  await page.getByRole("button", { name: "Load the latest version" }).click();
  await expect(builder.getByRole("heading", { level: 1 })).toHaveText("Lab welcome series");
  await expect(page.getByTestId("step-card").nth(1)).toContainText("Wait 2 days");
  await expect(checklist).toContainText("1 problem to fix");
  await expect(checklist.getByRole("link", { name: "Workspace settings" })).toHaveAttribute(
    "href",
    "/settings/workspace",
  );
  await page.goto("/settings/workspace");
  await page.getByLabel("Postal address").fill("Automation Lab\n3 Flow Street\nSpringfield");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();

  // Back in the builder: ready. The cards work by keyboard: Tab reaches them, Enter opens the step's settings.
  await page.goto(`/automations/${id}/edit`);
  await expect(checklist).toContainText("Ready to activate");
  await page.locator("#automation-trigger-card").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add a step at the start" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: /^Step 1: Send email/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-panel")).toContainText("Step 1: Send email");
  // Moving the delay above the email is legal; moving it back restores the order.
  await page.getByRole("button", { name: "Move step 2 up" }).click();
  await expect(page.getByTestId("step-card").first()).toContainText("Wait 2 days");
  await page.getByRole("button", { name: "Move step 1 down" }).click();
  await expect(page.getByTestId("step-card").first()).toContainText("Welcome to the lab");
  await saved(page);
  await shot(page, testInfo, "automation-builder-1440");

  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByTestId("automation-status")).toHaveText("active");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  // Live counts show on the cards once it is active.
  await expect(page.getByTestId("step-counts").first()).toContainText("0 entered");
  await expectNoSeriousAxe(page);

  // A phone: one column, no page overflow, the settings as a sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: /^Step 2: Delay/ }).click();
  await expect(page.getByTestId("side-panel")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, testInfo, "automation-builder-390");
  await page.getByRole("button", { name: "Close the settings" }).click();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByTestId("automation-status")).toHaveText("paused");
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
});
