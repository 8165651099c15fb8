// Settings → Workspace and API key expiry, as the owner, in a workspace of its own made through the switcher (the
// shared owner's first workspace is left alone: later specs use it): rename it within the 80-character limit, set
// the default time zone and see both after a reload, create a key with an expiry, revoke it, delete it, then delete
// the workspace by typing its name. axe (no serious or critical violations) on both settings pages.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { enterWorkspace, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

const LAB = `Settings Lab ${Date.now().toString(36)}`;
const RENAMED = `${LAB} renamed`;

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Signed in as the owner, in this spec's workspace (created through the switcher on first use). */
async function enterLab(page: Page, name: string) {
  await signIn(page);
  await enterWorkspace(page, name);
}

test("rename the workspace (80 characters said at the field) and set its time zone; both kept after a reload", async ({
  page,
}) => {
  await enterLab(page, LAB);
  await page.goto("/settings/sending");
  // The old address still works: it is a permanent redirect to the one settings page.
  await expect(page).toHaveURL(/\/settings\/workspace$/);

  const name = page.getByLabel("Workspace name");
  await expect(name).toHaveValue(LAB);
  await name.fill("x".repeat(81));
  await expect(page.getByText("At most 80 characters (81/80).")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save name" })).toBeDisabled();
  await name.fill(RENAMED);
  await expect(page.getByText(`${RENAMED.length}/80`)).toBeVisible();
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Workspace name saved.")).toBeVisible();
  // The switcher in the sidebar shows the new name without a reload.
  await expect(page.getByRole("button", { name: /workspace/i }).first()).toContainText(RENAMED);

  await page.getByLabel("Find a time zone").fill("tokyo");
  await page.getByLabel("Default time zone").selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Workspace name")).toHaveValue(RENAMED);
  await expect(page.getByLabel("Default time zone")).toHaveValue("Asia/Tokyo");
  await expect(page.getByRole("heading", { name: "Danger zone" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("an API key with an expiry: created, shown with its expiry, revoked, then deleted", async ({ page }) => {
  await enterLab(page, RENAMED);
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Expiring e2e");
  await dialog.getByLabel("Expires").selectOption("custom");
  await dialog.getByLabel("Expiry date").fill("2020-01-01");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Choose a date in the future.")).toBeVisible();
  await dialog.getByLabel("Expires").selectOption("90");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-api-key")).toBeVisible();
  await page.keyboard.press("Escape");

  const row = page.getByRole("row", { name: /Expiring e2e/ });
  await expect(row).toContainText("Active");
  await expect(row).toContainText(/in 3 months|in 90 days|in 13 weeks/);
  await expect(row).toContainText("Never"); // not used yet
  await expectNoSeriousViolations(page);

  await row.getByRole("button", { name: /Revoke/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  await row.getByRole("button", { name: /Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete key" }).click();
  await expect(page.getByText("API key “Expiring e2e” deleted.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Expiring e2e/ })).toHaveCount(0);
});

test("the owner deletes the workspace by typing its name and lands in another of theirs", async ({ page }) => {
  await enterLab(page, RENAMED);
  await page.goto("/settings/workspace");
  await page.getByRole("button", { name: "Delete workspace" }).click();
  const dialog = page.getByRole("dialog");
  const confirm = dialog.getByRole("button", { name: "Delete workspace" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${RENAMED} to confirm`).fill(RENAMED);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await page
    .getByRole("button", { name: /workspace/i })
    .first()
    .click();
  await expect(page.getByRole("button", { name: "Create workspace" })).toBeVisible();
  await expect(page.getByRole("listitem").getByRole("button", { name: new RegExp(RENAMED) })).toHaveCount(0);
});
