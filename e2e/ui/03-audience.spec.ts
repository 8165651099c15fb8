// Audience as a marketer uses it: import a CSV with a bad row through the UI (progress, summary, error report), then
// build a segment and see its live count match what the API returns.
import { expect, test } from "@playwright/test";
import { createKeyInUi, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

const rows = [
  "Email,First name,Last name,Plan",
  "ada@example.com,Ada,Lovelace,pro",
  "grace@example.com,Grace,Hopper,free",
  "not-an-email,Bad,Row,free",
  "linus@example.com,Linus,Torvalds,pro",
  "margaret@example.com,Margaret,Hamilton,pro",
];

test("a CSV with a bad row imports with live progress and an error report", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts/import");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) });
  await page.getByRole("button", { name: "Upload" }).click();
  // The preview shows the file's rows; Email is mapped automatically from its header.
  await expect(page.getByText("ada@example.com").first()).toBeVisible();
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByText("Created").first()).toBeVisible({ timeout: 30_000 });
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText(/Created\s*4/);
  await expect(summary).toContainText(/Invalid\s*1/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download error report" }).click();
  const report = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let s = "";
    report.on("data", (d) => (s += d));
    report.on("end", () => resolve(s));
  });
  expect(text).toMatch(/4,.*not-an-email/);
});

test("a segment built in the UI counts what the API lists", async ({ page, request }) => {
  await signIn(page);
  const key = await createKeyInUi(page, "Segments", "Read");
  await page.goto("/segments/new");
  await page.getByLabel("Name").fill("Pro planners");
  await page.getByRole("button", { name: "Add condition" }).click();
  const condition = page.getByTestId("condition-0");
  await condition.getByLabel("Field").selectOption({ label: "Email" });
  await condition.getByLabel("Operator").selectOption({ label: "ends with" });
  await condition.getByLabel("Value").fill("@example.com");
  await expect(page.getByTestId("segment-count")).toContainText("4");
  await page.getByRole("button", { name: "Save segment" }).click();
  await expect(page).toHaveURL(/\/segments\/[0-9a-f-]{36}$/);
  const segmentId = page.url().split("/").pop()!;

  const res = await request.get(`/api/v1/segments/${segmentId}`, { headers: { "X-API-Key": key } });
  expect(res.status()).toBe(200);
  const { data } = await res.json();
  expect(data.contactCount).toBe(4);
  const members = await request.get(`/api/v1/segments/${segmentId}/contacts?limit=100`, {
    headers: { "X-API-Key": key },
  });
  expect((await members.json()).data).toHaveLength(4);
});

test("an Excel (Windows-1252) CSV imports with its accents; a PNG is refused at upload", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts/import");
  const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(500, 0)]);
  await page.getByLabel("CSV file").setInputFiles({ name: "photo.csv", mimeType: "text/csv", buffer: png });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("This file is not a CSV text file: it looks like a PNG image")).toBeVisible();

  const latin1 = Buffer.from(
    "email;first_name;last_name\r\nfrancois@latin.test;François;Müller\r\nFRANCOIS@latin.test;;Müller-Lüdenscheidt\r\n",
    "latin1",
  );
  await page.getByLabel("CSV file").setInputFiles({ name: "excel.csv", mimeType: "text/csv", buffer: latin1 });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("cell", { name: "François" })).toBeVisible();
  const encoding = page.getByLabel("Text encoding");
  await expect(encoding).toHaveValue("windows-1252");
  // Read as UTF-8 the names are not valid: the preview says so, with an example line.
  await encoding.selectOption("utf-8");
  await expect(page.getByText(/2 lines have bytes that are not valid UTF-8 text/)).toBeVisible();
  await encoding.selectOption("windows-1252");
  await expect(page.getByRole("cell", { name: "François" })).toBeVisible();
  await page.getByRole("button", { name: "Start import" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText(/Created\s*1/, { timeout: 30_000 });
  await expect(summary).toContainText(/Duplicates\s*1/);
  await page.goto("/contacts?search=latin.test");
  await expect(page.getByText("francois@latin.test").first()).toBeVisible();
  await expect(page.getByText(/François/).first()).toBeVisible();
  await expect(page.getByText(/Müller-Lüdenscheidt/).first()).toBeVisible();
});
