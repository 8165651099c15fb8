// A broadcast end to end as a marketer sends one: contacts and a tag through the API with a key made in Settings,
// the postal address in Settings → Sending, a blank draft from New broadcast written in the composer, its send
// checklist, a test, a schedule refused then set and cancelled, Send now to the tagged contacts, the worker sends
// it to the outbox, the message is read in the Outbox (its open pixel loads) and its link is
// followed through the click redirect, and the broadcast page's numbers and analytics show the open and the click,
// its recipient table who did what (filter, search, a link's clickers, CSV; axe-clean) at phone and desktop width.
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { createKeyInUi, owner, signIn } from "../fixtures";

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

async function expectNoSeriousAxe(page: Page) {
  // The email previews are sandboxed iframes without scripts: axe cannot run inside them and waits on them until the
  // test times out. Their markup is the email's, checked by the renderer's own tests (as in spec 10).
  const { violations } = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]:not([sandbox*="allow-scripts"])')
    .analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The composer is interactive (hydrated, autosave armed) once its root says so. */
const composerReady = (page: Page) =>
  expect(page.getByTestId("composer")).toHaveAttribute("data-composer-ready", "true", { timeout: 30_000 });
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
  await page.goto("/settings/workspace");
  await expect(page.getByText("Add your postal address before sending")).toBeVisible();
  await page.getByLabel("Postal address").fill("Olivia's Shop Ltd\n1 Market Street\nSpringfield");
  // The zone count keeps one total whatever zone is chosen: UTC, the default, stays in the list once another is
  // chosen (it used to drop out, so the count went from "419 of 419" to "1 of 418").
  const zoneCount = page.getByText(/^\d+ zones\.$/);
  const total = (await zoneCount.textContent())?.match(/\d+/)?.[0];
  await page.getByLabel("Default time zone").selectOption("Europe/Paris");
  await expect(zoneCount).toHaveText(`${total} zones.`);
  await page.getByLabel("Find a time zone").fill("paris");
  await expect(page.getByText(`1 of ${total} zones match.`)).toBeVisible();
  await page.getByLabel("Find a time zone").fill("utc");
  await expect(page.getByLabel("Default time zone").locator("option", { hasText: /^UTC$/ })).toHaveCount(1);
  await page.getByLabel("Find a time zone").fill("");
  await expect(page.getByLabel("Default time zone")).toHaveValue("Europe/Paris");
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
  await expect(page).toHaveURL(/\/broadcasts\/new$/);
  await page.getByRole("button", { name: /^Start blank/ }).click();
  await expect(page).toHaveURL(/\/broadcasts\/[0-9a-f-]{36}\/edit$/);
  broadcastUrl = new URL(page.url()).pathname.replace(/\/edit$/, "");
  await composerReady(page);

  await page.getByLabel("Name", { exact: true }).fill("November news");
  await page.getByLabel("Subject", { exact: true }).fill("Hello {{firstName|there}}");
  await page.getByLabel("From name").fill("Olivia");
  // The default from address of the settings is filled in.
  await expect(page.getByLabel("From email")).toHaveValue("news@olivia.test");

  // A blank email is not ready: the checklist says what is missing and the send buttons wait.
  await page.getByRole("button", { name: "Review and send" }).click();
  await expect(page.getByTestId("checklist-content")).toHaveAttribute("data-state", "missing");
  await expect(page.getByTestId("checklist-subject")).toHaveAttribute("data-state", "ok");
  await expect(page.getByRole("button", { name: "Send now" })).toBeDisabled();
  await expect(page.getByText("Before sending: content.")).toBeVisible();

  await page.getByRole("button", { name: "Add Text block" }).click();
  await page
    .getByRole("tabpanel")
    .getByLabel("Text", { exact: true })
    .fill(`Hi {{firstName|there}},\n\nOur **November** news is out: [read the news](${baseURL}/api/health).`);
  await page.getByRole("tab", { name: "Audience" }).click();
  await page.getByRole("radio", { name: /^Tags/ }).check();
  await page.getByRole("checkbox", { name: /Readers/ }).check();
  await shot(page, "broadcast-composer");

  // Every item ticked once the audience is saved and counted.
  await page.getByRole("button", { name: "Review and send" }).click();
  for (const key of ["subject", "sender", "content", "audience", "postalAddress"])
    await expect(page.getByTestId(`checklist-${key}`)).toHaveAttribute("data-state", "ok", { timeout: 15_000 });
  await expect(page.getByTestId("checklist-audience")).toContainText("2 subscribed contacts");
  await shot(page, "broadcast-send-panel");

  // A test to two chosen addresses, the user's own first.
  await page.getByRole("button", { name: "Send a test…" }).click();
  let dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("textbox", { name: "Address 1" })).toHaveValue(owner.email);
  await dialog.getByRole("button", { name: "Add another address" }).click();
  await dialog.getByRole("textbox", { name: "Address 2" }).fill("proof@olivia.test");
  await dialog.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByText(`Test email queued for ${owner.email}, proof@olivia.test.`)).toBeVisible();

  // Schedule: a past moment is refused with the server's sentence; a future one in another zone is shown in ours.
  await page.getByRole("button", { name: "Schedule…" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("In the time zone").selectOption("Asia/Tokyo");
  await dialog.getByLabel("Date", { exact: true }).fill("2020-01-01");
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText("Must be in the future");
  const tomorrow = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Date", { exact: true }).fill(tomorrow);
  await dialog.getByLabel("Time", { exact: true }).fill("09:00");
  await expect(dialog.getByTestId("schedule-moment")).toContainText("your time");
  await shot(page, "broadcast-schedule");
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText(/^Scheduled: /)).toBeVisible();
  // The composer shows the server's state at once, without a reload: the badge, the notice, the panel's buttons.
  const status = page.getByTestId("composer-status");
  await expect(status).toHaveText("Scheduled");
  await expect(page.getByText(/^Scheduled to go out /)).toBeVisible();
  await expect(page.getByTestId("scheduled-for")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change schedule" })).toBeVisible();
  // Edits go on being saved into the scheduled broadcast (its new version is the composer's base: no conflict).
  await page.getByRole("tab", { name: "Email" }).click();
  const saveState = page.locator("[data-save-state]");
  await page.getByLabel("From name").fill("Olivia at the shop");
  // "Unsaved" from the keystroke on, "saved" once the server took it.
  await expect(saveState).toHaveAttribute("data-save-state", "saved");
  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("button", { name: "Cancel schedule" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel schedule" }).click();
  await expect(page.getByText("Schedule cancelled: the broadcast is a draft again.")).toBeVisible();
  await expect(status).toHaveText("Draft");
  await expect(page.getByText(/^Scheduled to go out /)).toBeHidden();
  await expect(page.getByRole("button", { name: "Cancel schedule" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Schedule…" })).toBeVisible();
  await page.getByRole("tab", { name: "Email" }).click();
  await page.getByLabel("From name").fill("Olivia");
  await expect(saveState).toHaveAttribute("data-save-state", "saved");

  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("button", { name: "Send now" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("It goes to 2 subscribed contacts");
  await confirm.getByRole("button", { name: "Send to 2 recipients" }).click();
  await expect(page).toHaveURL(new RegExp(`${broadcastUrl}$`));
  await expect(page.getByText("Queued for sending to 2 recipients.")).toBeVisible();
  // The worker fans out and sends; the report polls until the broadcast is sent.
  await expect(page.getByText(/Sent to 2 recipients/)).toBeVisible({ timeout: 60_000 });
  await shot(page, "broadcast-sent");

  await page.goto("/broadcasts");
  const row = page.getByTestId("broadcast-row").filter({ hasText: "November news" });
  await expect(row).toContainText("Sent");
  await shot(page, "broadcasts-list");

  // The row's menu works from the keyboard: arrows move, Escape closes back to the button.
  const menuButton = row.getByRole("button", { name: "Actions for November news" });
  await menuButton.focus();
  await page.keyboard.press("ArrowDown");
  const menu = page.getByRole("menu", { name: "Actions for November news" });
  await expect(menu.getByRole("menuitem", { name: "Duplicate" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Resend to unopened…" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: /^Delete…/ })).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Duplicate opens the copy in the composer; deleting it there goes back to the list.
  await menuButton.click();
  await menu.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/broadcasts\/[0-9a-f-]{36}\/edit$/);
  await composerReady(page);
  await expect(page.getByRole("heading", { name: "November news (copy)" })).toBeVisible();
  await page.getByRole("button", { name: "Actions for November news (copy)" }).click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete draft" }).click();
  await expect(page).toHaveURL(/\/broadcasts$/);
  await expect(page.getByTestId("broadcast-row").filter({ hasText: "November news (copy)" })).toHaveCount(0);

  // A click on a sent row opens its report.
  await row.getByText("Sent", { exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${broadcastUrl}$`));
});

test("the message is read in the Outbox, its link is followed, and the broadcast page counts both", async ({
  page,
}) => {
  // The stats wait below may take up to a minute on its own; the recipient table, its CSV and axe come after it.
  test.setTimeout(240_000);
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
  await expect(page.getByRole("heading", { name: "Top links" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /^http.*\/api\/health$/ })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Preview of November news"]').getByText("Springfield")).toBeVisible();
  await shot(page, "broadcast-stats");

  // Who: both recipients with what they did, filtered, searched, a link's clickers, and their CSV.
  const recipients = page.getByTestId("report-recipients");
  const recipientRows = recipients.getByTestId("recipient-row");
  await expect(recipientRows).toHaveCount(2);
  await expect(recipientRows.filter({ hasText: "ada@readers.test" })).toContainText("Clicked");
  await recipients.getByTestId("recipients-filter").selectOption("not_opened");
  await expect(recipientRows).toHaveCount(1);
  await expect(recipientRows).not.toContainText("ada@readers.test");
  await recipients.getByTestId("recipients-filter").selectOption("");
  await recipients.getByLabel("Search recipients").fill("ADA@");
  await expect(recipientRows).toHaveCount(1);
  await recipients.getByLabel("Search recipients").fill("");
  await expect(recipientRows).toHaveCount(2);
  await page.getByRole("button", { name: /^Who clicked.*\/api\/health$/ }).click();
  await expect(recipients.getByTestId("recipients-link")).toContainText("/api/health");
  await expect(recipientRows).toHaveCount(1);
  await expect(recipientRows).toContainText("ada@readers.test");
  const download = page.waitForEvent("download");
  await recipients.getByRole("link", { name: "Export CSV" }).click();
  const csv = await (await download).createReadStream();
  let text = "";
  for await (const chunk of csv) text += chunk.toString();
  expect(text.trim().split("\r\n")).toHaveLength(2); // the header and the one clicker
  expect(text).toContain("ada@readers.test");
  await recipients.getByRole("button", { name: "Show everyone" }).click();
  await expect(recipientRows).toHaveCount(2);
  await expectNoSeriousAxe(page);

  // At phone width the report's tables scroll inside their cards: the page itself never scrolls sideways.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(recipientRows).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, `broadcast-report-${width}`);
  }
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
  await page.goto("/settings/workspace");
  await page.getByLabel("Send rate (messages per second)").fill("10");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();

  // A draft opens in the composer; Send now goes to the report, where the progress shows.
  await page.goto(`/broadcasts/${id}`);
  await expect(page).toHaveURL(new RegExp(`/broadcasts/${id}/edit$`));
  await composerReady(page);
  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("button", { name: "Send now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send to 250 recipients" }).click();
  await expect(page).toHaveURL(new RegExp(`/broadcasts/${id}$`));
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
  await page.goto("/settings/workspace");
  await page.getByLabel("Send rate (messages per second)").fill("");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();
});
