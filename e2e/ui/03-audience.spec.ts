// Audience as a marketer uses it: import a CSV with a bad row through the UI (progress, summary, error report, a tag
// for the import created on the spot), then build a segment and see its live count match what the API returns; a
// file mapped by likeness with tags, status and a custom field created on the spot, warnings per line; a segment
// condition that is unfinished but not an error.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
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

async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a CSV with a bad row imports with live progress and an error report", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts/import");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) });
  await page.getByRole("button", { name: "Upload" }).click();
  // The preview shows the file's rows; Email is mapped automatically from its header.
  await expect(page.getByText("ada@example.com").first()).toBeVisible();
  // A tag for the whole import, named on the spot: created when the import starts.
  await page.getByLabel("Find or create a tag").fill("March list");
  await page.getByRole("button", { name: "Create tag “March list”" }).click();
  await expect(page.getByRole("list", { name: "New tags" })).toContainText("March list");
  await expect(page.getByLabel("Find or create a tag")).toHaveValue("");
  await expectNoSeriousAxe(page);
  await page.screenshot({ path: "/tmp/shots/import-new-tag.png", fullPage: true });
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByText("Created").first()).toBeVisible({ timeout: 30_000 });
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText(/Created\s*4/);
  await expect(summary).toContainText(/Invalid\s*1/);
  const download = page.waitForEvent("download");
  await expect(summary.getByTestId("import-report")).toContainText("Line 4");
  await page.getByRole("link", { name: "Download report" }).click();
  const report = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let s = "";
    report.on("data", (d) => (s += d));
    report.on("end", () => resolve(s));
  });
  expect(text).toMatch(/4,.*not-an-email/);

  // The new tag exists once, on every imported contact.
  await page.goto("/tags");
  const tag = page.getByRole("row", { name: /March list/ });
  await expect(tag).toHaveCount(1);
  await expect(tag.getByRole("cell").nth(1)).toHaveText("4");
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

test("columns are matched by likeness; tags, status and a new custom field import, a bad value is a warning", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/contacts/import");
  const csv = [
    "E-mail,Wholesale,Tags,Status",
    "w1@wholesale.test,yes,Trade; Spring,subscribed",
    "w2@wholesale.test,no,trade,no",
    "w3@wholesale.test,yes,,perhaps",
  ].join("\n");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "wholesale.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload" }).click();
  // Suggested by likeness of the headers.
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("email");
  await expect(page.getByLabel("Tags", { exact: true })).toHaveValue("tags");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("status");
  await expect(page.getByText("Suggested from the column’s name")).toHaveCount(3);
  const wholesale = page.getByLabel("Wholesale", { exact: true });
  await expect(wholesale).toHaveValue("");

  await wholesale.selectOption({ label: "Create custom field…" });
  const dialog = page.getByRole("dialog", { name: "Create a custom field" });
  await expect(dialog.getByLabel("Label")).toHaveValue("Wholesale");
  await expect(dialog.getByLabel("Key")).toHaveValue("wholesale");
  await expect(dialog.getByLabel("Type")).toHaveValue("boolean"); // guessed from yes/no
  await expectNoSeriousAxe(page);
  await dialog.getByRole("button", { name: "Create and map" }).click();
  await expect(dialog).toBeHidden();
  await expect(wholesale).toHaveValue("field:wholesale");
  await expectNoSeriousAxe(page);

  await page.getByRole("button", { name: "Start import" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText(/Created\s*3/, { timeout: 30_000 });
  await expect(summary).toContainText(/With warnings\s*1/);
  await expect(summary).toContainText("1 imported with warnings");
  const report = summary.getByTestId("import-report");
  await expect(report).toContainText("Line 4");
  await expect(report).toContainText("Imported with a warning");
  await expect(report).toContainText('Status: "perhaps" is not subscribed or unsubscribed');
  await expectNoSeriousAxe(page);

  await page.goto("/contacts?search=wholesale.test");
  await expect(page.getByText("w3@wholesale.test").first()).toBeVisible();
  await page.goto("/tags");
  await expect(page.getByText("Trade", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Spring", { exact: true }).first()).toBeVisible();
});

test("a new condition is not an error; saving it unfinished says what to choose", async ({ page }) => {
  await signIn(page);
  await page.goto("/segments/new");
  await page.getByLabel("Name").fill("Unfinished");
  await page.getByRole("button", { name: "Add condition" }).click();
  const condition = page.getByTestId("condition-0");
  await condition.getByLabel("Field").selectOption({ label: "Tag" });
  await expect(condition.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("segment-count")).toContainText("Finish the condition to count it.");
  await expectNoSeriousAxe(page);
  await page.getByRole("button", { name: "Save segment" }).click();
  await expect(condition.getByRole("alert")).toHaveText("Choose a tag.");
  await expect(page).toHaveURL(/\/segments\/new$/);
  await condition.getByLabel("Condition 1 tag").selectOption({ label: "Trade" });
  await expect(condition.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("segment-count")).toContainText(/2\s*contacts match/);

  // Activity names a broadcast or a form from a picker ("Any" by default), never an id typed by hand.
  await page.getByRole("button", { name: "Add condition" }).click();
  const second = page.getByTestId("condition-1");
  await second.getByLabel("Field").selectOption({ label: "Activity" });
  await expect(second.getByLabel("Condition 2 broadcast")).toHaveValue("");
  await second.getByLabel("Operator").selectOption({ label: "submitted" });
  await expect(second.getByLabel("Condition 2 form")).toContainText("Any form");
  await second.getByRole("button", { name: "Remove condition 2" }).click();
  await expect(page.getByTestId("segment-count")).toContainText(/2\s*contacts match/);
});
