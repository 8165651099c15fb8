// A broadcast end to end as a marketer sends one: contacts and a tag through the API with a key made in Settings,
// the postal address in Settings → Sending, a draft from the New broadcast form, Send now to the tagged contacts,
// the worker sends it to the outbox, the message is read in the Outbox (its open pixel loads) and its link is
// followed through the click redirect, and the broadcast page's numbers and analytics show the open and the click.
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { createKeyInUi, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

// Headless Chromium says "HeadlessChrome", which tracking rightly counts as a machine; a reader's browser does not.
// The context's userAgent option does not reach the sandboxed email iframe's image requests (its open pixel), so
// the browser is launched with the reader's agent instead.
const READER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  userAgent: READER_AGENT,
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), `--user-agent=${READER_AGENT}`] },
});

const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

let broadcastUrl = "";
let writeKey = "";

test("a broadcast made in the dashboard reaches its tagged contacts through the outbox", async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page);
  writeKey = await createKeyInUi(page, "Broadcasts e2e", "Write");
  const headers = { "X-API-Key": writeKey };
  const tag = await request.post("/api/v1/tags", { headers, data: { name: "Readers" } });
  expect(tag.status()).toBe(201);
  const tagId = (await tag.json()).data.id as string;
  for (const [email, firstName] of [
    ["ada@readers.test", "Ada"],
    ["bob@readers.test", "Bob"],
  ]) {
    const res = await request.post("/api/v1/contacts", { headers, data: { email, firstName, tagIds: [tagId] } });
    expect(res.status()).toBe(201);
  }

  // The outbox says how it fills, and holds nothing for the readers yet. (Other specs' emails, such as the forms'
  // double opt-in confirmations, may already be in this workspace's outbox: Playwright runs this spec last, in its
  // own worker, for its launch options.)
  await page.getByRole("link", { name: "Outbox" }).click();
  await expect(page.getByText("EMAIL_TRANSPORT=outbox").first()).toBeVisible();
  await page.getByLabel("Search the outbox").fill("@readers.test");
  await expect(page.getByText("No messages match")).toBeVisible();
  await shot(page, "outbox-empty");

  // Without a postal address the settings page says sending needs one.
  await page.goto("/settings/sending");
  await expect(page.getByText("Add your postal address before sending")).toBeVisible();
  await page.getByLabel("Postal address").fill("Olivia's Shop Ltd\n1 Market Street\nSpringfield");
  await page.getByLabel("Default time zone").selectOption("Europe/Paris");
  await page.getByLabel("Send rate (messages per second)").fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/At least 1 message per second/)).toBeVisible();
  await page.getByLabel("Send rate (messages per second)").fill("");
  await page.getByLabel("Default from email").fill("news@olivia.test");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();
  await expect(page.getByText("Add your postal address before sending")).toBeHidden();
  await shot(page, "settings-sending");

  await page.getByRole("link", { name: "Broadcasts" }).click();
  await expect(page).toHaveURL(/\/broadcasts$/);
  await page.getByRole("link", { name: "New broadcast" }).first().click();
  await page.getByLabel("Name", { exact: true }).fill("November news");
  await page.getByLabel("Subject").fill("Hello {{firstName|there}}");
  await page.getByLabel("From name").fill("Olivia");
  // The default from address of the settings is filled in.
  await expect(page.getByLabel("From email")).toHaveValue("news@olivia.test");
  await page.getByRole("radio", { name: "Tags" }).check();
  await page.getByRole("checkbox", { name: "Readers" }).check();
  await page
    .getByLabel("Message")
    .fill(`Hi {{firstName|there}},\n\nOur **November** news is out: [read the news](${baseURL}/api/health).`);
  await shot(page, "broadcast-new");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/broadcasts\/[0-9a-f-]{36}$/);
  broadcastUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "November news" })).toBeVisible();
  // The preview renders the sample contact's values and the footer's postal address.
  const preview = page.frameLocator('iframe[title="Preview of November news"]');
  await expect(preview.getByText("Springfield")).toBeVisible();
  await expect(preview.getByRole("link", { name: "read the news" })).toBeVisible();
  await shot(page, "broadcast-draft");

  await page.getByRole("button", { name: "Send now" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("It goes to 2 subscribed contacts");
  await confirm.getByRole("button", { name: "Send to 2 recipients" }).click();
  await expect(page.getByText("Queued for sending to 2 recipients.")).toBeVisible();
  // The worker fans out and sends; the page polls until the broadcast is sent.
  await expect(page.getByText(/Sent to 2 recipients/)).toBeVisible({ timeout: 60_000 });
  await shot(page, "broadcast-sent");

  await page.goto("/broadcasts");
  const row = page.getByTestId("broadcast-row").filter({ hasText: "November news" });
  await expect(row).toContainText("Sent");
  await shot(page, "broadcasts-list");
});

test("the message is read in the Outbox, its link is followed, and the broadcast page counts both", async ({
  page,
}) => {
  // The stats wait below may take up to a minute on its own.
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto("/outbox");
  await page.getByLabel("Search the outbox").fill("ada@readers");
  const rows = page.getByTestId("outbox-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("broadcast");
  await shot(page, "outbox-list");
  await rows.first().getByRole("link", { name: "Hello Ada" }).click();

  await expect(page.getByRole("heading", { name: "Hello Ada" })).toBeVisible();
  await expect(page.getByTestId("outbox-headers")).toContainText(/List-Unsubscribe:\s*<http/i);
  await expect(page.getByLabel("Plain-text part")).toContainText("Hi Ada,");
  const email = page.frameLocator('iframe[title^="Email to ada@readers.test"]');
  const link = email.getByRole("link", { name: "read the news" });
  await expect(link).toHaveAttribute("href", /\/t\/c\/\d+\//);
  await shot(page, "outbox-message");

  // The link opens in a new tab, through the click redirect to where it was written to go.
  const popup = page.waitForEvent("popup");
  await link.click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/api\/health$/);
  await tab.close();

  await page.goto(broadcastUrl);
  // The tracking rollup applies the hits in the background; the page refetches, a reload is quicker.
  await expect
    .poll(
      async () => {
        await page.reload();
        return [await page.getByTestId("unique-opens").textContent(), await page.getByTestId("clicks").textContent()];
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toEqual(["1", "1"]);
  await expect(page.getByText("Top links")).toBeVisible();
  await expect(page.getByRole("cell", { name: /\/api\/health$/ })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Preview of November news"]').getByText("Springfield")).toBeVisible();
  await shot(page, "broadcast-stats");
});

test("a rate-limited send shows its progress, pauses where it is and resumes to the end", async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = { "X-API-Key": writeKey };
  const tag = await request.post("/api/v1/tags", { headers, data: { name: "Bulk" } });
  const tagId = (await tag.json()).data.id as string;
  // Three batches (100, 100, 50); at 10 messages a second each waits 10 s for the one before it.
  const contacts = Array.from({ length: 250 }, (_, i) => ({ email: `reader-${i}@bulk.test` }));
  expect((await request.post("/api/v1/contacts/batch", { headers, data: { contacts, tagIds: [tagId] } })).ok()).toBe(
    true,
  );
  const created = await request.post("/api/v1/broadcasts", {
    headers,
    data: {
      name: "Bulk letter",
      subject: "A letter to many",
      fromEmail: "news@olivia.test",
      audienceType: "tags",
      audienceFilter: { tagIds: [tagId] },
      blocks: [{ type: "text", text: "Hello {{firstName|reader}}." }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await signIn(page);
  await page.goto("/settings/sending");
  await page.getByLabel("Send rate (messages per second)").fill("10");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();

  await page.goto(`/broadcasts/${id}`);
  await page.getByRole("button", { name: "Send now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send to 250 recipients" }).click();
  const progress = page.getByTestId("send-progress-text");
  await expect(progress).toHaveText("100 of 250 sent", { timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Sending progress" })).toHaveAttribute("aria-valuenow", "100");
  await shot(page, "broadcast-sending");

  await page.getByRole("button", { name: "Pause sending" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pause sending" }).click();
  await expect(page.getByText("Sending paused.")).toBeVisible();
  await expect(page.getByText("Paused", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume sending" })).toBeVisible();
  await shot(page, "broadcast-paused");
  // The list shows the pause too.
  await page.goto("/broadcasts");
  await expect(page.getByTestId("broadcast-row").filter({ hasText: "Bulk letter" })).toContainText("Paused");

  await page.goto(`/broadcasts/${id}`);
  await page.getByRole("button", { name: "Resume sending" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Resume sending" }).click();
  await expect(page.getByText("Sending resumed.")).toBeVisible();
  await expect(page.getByText(/Sent to 250 recipients/)).toBeVisible({ timeout: 60_000 });

  // Later specs send nothing, but the workspace goes back to no limit all the same.
  await page.goto("/settings/sending");
  await page.getByLabel("Send rate (messages per second)").fill("");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();
});
