// The Tags page does what the API does: create, rename and recolour, refuse a duplicate name, delete with confirmation.
import { expect, test } from "@playwright/test";
import { signIn } from "../fixtures";

test("a marketer manages tags on the Tags page", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Tags" }).click();
  await expect(page).toHaveURL(/\/tags$/);

  await page.getByRole("button", { name: "New tag" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Early adopters");
  await dialog.getByRole("button", { name: "Create tag" }).click();
  await expect(page.getByRole("cell", { name: "Early adopters" })).toBeVisible();
  // The row shows optimistically before the dialog closes: wait for it to close, or the next "New tag" click lands
  // on the closing dialog and no new one opens.
  await expect(page.getByRole("dialog")).toBeHidden();

  // Same name in another case is refused with the server's message next to the field.
  await page.getByRole("button", { name: "New tag" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("EARLY ADOPTERS");
  await dialog.getByRole("button", { name: "Create tag" }).click();
  await expect(dialog.getByText(/already exists/)).toBeVisible();
  await page.keyboard.press("Escape");

  const row = page.getByRole("row", { name: /Early adopters/ });
  await row.getByRole("button", { name: /Edit/ }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Beta testers");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: "Beta testers" })).toBeVisible();
  // The list updates optimistically; reload only once the server has confirmed.
  await expect(page.getByText("Tag saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("cell", { name: "Beta testers" })).toBeVisible();

  await page
    .getByRole("row", { name: /Beta testers/ })
    .getByRole("button", { name: /Delete/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete tag" }).click();
  await expect(page.getByRole("cell", { name: "Beta testers" })).toHaveCount(0);
  await expect(page.getByText("Tag “Beta testers” deleted.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("cell", { name: "Beta testers" })).toHaveCount(0);
});
