// Bulk changes at scale through the UI: 1,000 contacts arrive through the API (POST /api/v1/contacts/batch with a
// key made in the UI), the page counts them under a search, "Select all 1,000 matching" selects beyond the page,
// the bulk tag (a new tag, named in the dialog) runs on the worker with a progress bar, and the Tags page then
// counts 1,000. axe on the contacts page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createKeyInUi, signIn } from "../fixtures";

const DOMAIN = "bulk-e2e.example";
const TAG = "Bulk buyers";

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a marketer tags all 1,000 contacts matching a search in one go", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const key = await createKeyInUi(page, "Bulk e2e", "Write");
  const contacts = Array.from({ length: 1000 }, (_, i) => ({ email: `buyer${i}@${DOMAIN}`, firstName: `Buyer${i}` }));
  const res = await page.request.post("/api/v1/contacts/batch", {
    headers: { "X-API-Key": key },
    data: { contacts },
  });
  expect(res.status()).toBe(200);

  await page.goto("/contacts");
  await expect(page.getByTestId("contact-counts")).toHaveText(/^[\d,]+ contacts$/);
  await page.getByLabel("Search contacts").fill(DOMAIN);
  await expect(page.getByTestId("contact-counts")).toHaveText(/^1,000 of [\d,]+ match$/);
  // One batch: the 1,000 share a creation time, so which one sorts first is not fixed.
  await expect(page.getByRole("link", { name: new RegExp(`@${DOMAIN}$`) }).first()).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.getByLabel("Select all contacts on this page").check();
  await expect(page.getByText("All 50 on this page are selected.")).toBeVisible();
  await page.getByRole("button", { name: "Select all 1,000 matching" }).click();
  await expect(page.getByText("All 1,000 matching are selected.")).toBeVisible();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByText("1,000 contacts selected")).toBeVisible();

  await bar.getByRole("button", { name: "Add tag" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a tag to 1,000 contacts" });
  // The tag does not exist yet: it is named here and made with the change.
  await dialog.getByLabel("Tag", { exact: true }).selectOption({ label: "New tag…" });
  await dialog.getByRole("button", { name: "Add tag" }).click();
  await expect(dialog.getByText("Name the new tag.")).toBeVisible();
  await dialog.getByLabel("New tag name").fill(TAG);
  await expect(dialog.getByText(new RegExp(`^${TAG.length}/100\\.`))).toBeVisible();
  await dialog.getByRole("button", { name: "Add tag" }).click();
  // The worker may finish before the first poll; either way the result is announced with its counts.
  await expect(page.getByText(`1,000 tagged with “${TAG}”.`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("bulk-progress")).toHaveCount(0);
  await expect(page.getByText("All 1,000 matching are selected.")).toHaveCount(0);

  // Filtering by the tag counts all of them; the Tags page says the same.
  await page.getByLabel("Filter by tag").selectOption({ label: TAG });
  await expect(page.getByTestId("contact-counts")).toHaveText(/^1,000 of [\d,]+ match$/);
  await page.goto("/tags");
  await expect(page.getByRole("row", { name: new RegExp(TAG) }).getByRole("cell", { name: "1,000" })).toBeVisible();
});
