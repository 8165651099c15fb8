// The composer as a marketer uses it, in a workspace of its own (its sending settings, contacts and outbox do not
// touch the other specs'): a blank broadcast built by dragging five block types from the palette onto the canvas,
// edited in place and in the settings panel, reordered with the keyboard, checked in the live preview, a test sent
// into the Outbox, then sent to a segment with the progress bar followed to the end; the email is opened in the
// Outbox, its button clicked, and the report counts the click. Screenshots of the composer and the report are
// attached to the test (and kept in /tmp/shots); axe finds nothing serious on the composer, the report and the home.
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import config from "../../playwright.config";
import { createKeyInUi, owner, PASSWORD_HASH_WAIT } from "../fixtures";

test.describe.configure({ mode: "serial" });

// As in 06-broadcasts: Chromium launched with a reader's agent, so the open pixel and the click count as a person's
// (headless Chromium's own agent is rightly counted as a machine). The same options as 06 keep both specs in one
// worker, after the others.
const READER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  userAgent: READER_AGENT,
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), `--user-agent=${READER_AGENT}`] },
});

const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });
const WORKSPACE = "Composer Studio";
const SEGMENT = "Studio readers";
const NAME = "Studio autumn letter";

let broadcastPath = "";

/** A full-page screenshot kept in /tmp/shots and attached to the test's report. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

/**
 * axe on the app's page. Emails are shown in frames sandboxed without scripts (components/broadcasts/email-frame.tsx):
 * axe cannot run inside them (it waited until the test timed out), and their content is the marketer's email, not
 * the dashboard, so they are left out; the frame element itself (its title) is still checked.
 */
async function expectNoSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]:not([sandbox*="allow-scripts"])')
    .analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Signed in (onboarding first when this spec runs on its own) and in this spec's workspace (made on first use). */
async function enterStudio(page: Page) {
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

const canvasBlocks = (page: Page) => page.locator('[data-container="root"] > [data-block-id]');

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
}

/**
 * Drags a palette item onto the canvas with the mouse as a person does: press, move past dnd-kit's 6 px activation
 * distance, travel in steps, and release on the lower edge of `target` (after it) or on the empty canvas.
 */
async function dragFromPalette(page: Page, type: string, target: Locator) {
  const from = await page.locator(`[data-palette-type="${type}"]`).boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error(`palette item ${type} or its drop target is not on screen`);
  const x0 = from.x + from.width / 2;
  const y0 = from.y + from.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 15, y0 + 5, { steps: 5 });
  const x1 = to.x + to.width / 2;
  const y1 = to.y + to.height - Math.min(6, to.height / 4);
  await page.mouse.move(x1, y1, { steps: 15 });
  await page.mouse.move(x1, y1 + 1, { steps: 2 });
  await page.mouse.up();
}

async function blockTypes(page: Page) {
  return canvasBlocks(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-block-type")));
}

test("a broadcast built from scratch by drag and drop is previewed, tested and sent to a segment", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  await enterStudio(page);

  // The workspace's sending settings (10 messages a second, so the send takes two batches ten seconds apart and its
  // progress can be watched), and 150 contacts in a segment through the API with a key made in Settings.
  await page.goto("/settings/workspace");
  await page.getByLabel("Postal address").fill("Composer Studio\n2 Canvas Lane\nSpringfield");
  await page.getByLabel("Default from email").fill("studio@olivia.test");
  await page.getByLabel("Send rate (messages per second)").fill("10");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();
  const key = await createKeyInUi(page, "Composer e2e", "Write");
  const headers = { "X-API-Key": key };
  const contacts = [
    { email: "cara@studio.test", firstName: "Cara" },
    ...Array.from({ length: 149 }, (_, i) => ({ email: `reader-${i}@studio.test` })),
    { email: "eve@elsewhere.test", firstName: "Eve" },
  ];
  expect((await request.post("/api/v1/contacts/batch", { headers, data: { contacts } })).ok()).toBe(true);
  const segment = await request.post("/api/v1/segments", {
    headers,
    data: {
      name: SEGMENT,
      rules: {
        match: "all",
        conditions: [{ type: "field", field: "email", operator: "ends_with", value: "@studio.test" }],
      },
    },
  });
  expect(segment.status()).toBe(201);

  // A blank email from the start page opens in the composer.
  await page.goto("/broadcasts/new");
  await page.getByRole("button", { name: /^Start blank/ }).click();
  await expect(page).toHaveURL(/\/broadcasts\/[0-9a-f-]{36}\/edit$/);
  broadcastPath = new URL(page.url()).pathname.replace(/\/edit$/, "");
  const composer = page.getByTestId("composer");
  await expect(composer).toHaveAttribute("data-composer-ready", "true");
  await expect(canvasBlocks(page)).toHaveCount(0);

  // Five block types dragged from the palette, each dropped after the last one.
  await dragFromPalette(page, "heading", page.locator('[data-container="root"]'));
  await expect(canvasBlocks(page)).toHaveCount(1);
  for (const [i, type] of ["text", "image", "button", "divider"].entries()) {
    await dragFromPalette(page, type, canvasBlocks(page).last());
    await expect(canvasBlocks(page)).toHaveCount(i + 2);
  }
  expect(await blockTypes(page)).toEqual(["heading", "text", "image", "button", "divider"]);

  // Edited in place on the canvas, and in the selected block's settings.
  await canvasBlocks(page).nth(0).click();
  const heading = page.getByRole("textbox", { name: "Heading 1 text" });
  // Focused, not clicked: the selected block's toolbar sits over its top edge.
  await heading.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Autumn at the studio");
  await canvasBlocks(page).nth(1).click();
  const paragraph = page.getByRole("textbox", { name: "Paragraph text" });
  await paragraph.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Hello from the studio, our new season starts today. ");
  // The text toolbar hides nothing of the heading just above (it used to sit over its start).
  const textToolbar = page.getByRole("toolbar", { name: "Format Paragraph text" });
  await expect(textToolbar).toBeVisible();
  // The heading's glyphs, line by line (its element spans the whole width, its words do not).
  const headingLines = await canvasBlocks(page)
    .nth(0)
    .evaluate((frame) => {
      const range = document.createRange();
      const lines: { x: number; y: number; width: number; height: number }[] = [];
      const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.nodeValue?.trim()) continue;
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) lines.push({ x: r.x, y: r.y, width: r.width, height: r.height });
      }
      return lines;
    });
  expect(headingLines.length).toBeGreaterThan(0);
  const toolbarBox = await boxOf(textToolbar);
  for (const line of headingLines) expect(overlaps(toolbarBox, line)).toBe(false);
  // A merge tag from the toolbar's menu comes with a fallback, as the subject's menu gives it.
  await textToolbar.getByRole("button", { name: "Insert merge tag" }).click();
  await textToolbar.getByRole("button", { name: /^First name/ }).click();
  await expect(paragraph.locator("[data-merge]")).toHaveText("{{firstName|there}}");
  await canvasBlocks(page).nth(2).click();
  await page.getByLabel("Image URL").fill(`${baseURL}/icon.svg`);
  await page.getByLabel("Alternative text").fill("The studio's logo");
  await canvasBlocks(page).nth(3).click();
  await page.getByLabel("Label", { exact: true }).fill("See the season");
  // A new button leads nowhere until told: the checklist holds the send back and leads to its Link field.
  const link = page.getByLabel("Link", { exact: true });
  await expect(link).toHaveValue("");
  await page.getByRole("button", { name: "Review and send" }).click();
  const links = page.getByTestId("checklist-links");
  await expect(links).toHaveAttribute("data-state", "missing");
  await expect(links).toContainText("The button “See the season” has no link: add one.");
  await expect(page.getByRole("button", { name: "Send now" })).toBeDisabled();
  await links.getByRole("button").click();
  await expect(link).toBeFocused();
  await link.fill(`${baseURL}/api/health`);
  await expect(canvasBlocks(page).nth(3)).toContainText("See the season");

  // Reordered with the keyboard: the divider's handle picked up with Space, moved up one, dropped with Space.
  const handle = page.getByRole("button", { name: /^Drag Divider block/ });
  // Each key waits for dnd-kit's announcement of the step before the next one (a key pressed mid-step is lost).
  const announced = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  // Picked up: announced, then at once "over itself" (dnd-kit's first over event is the block's own place).
  await expect(announced).toContainText(/Picked up Divider block|Divider block is over Divider block/);
  await page.keyboard.press("ArrowUp");
  await expect(announced).toContainText("Divider block is over Button block");
  await page.keyboard.press("Space");
  await expect(announced).toContainText("Divider block dropped");
  await expect.poll(() => blockTypes(page)).toEqual(["heading", "text", "image", "divider", "button"]);

  // Subject in the Email panel; the audience is the segment, counted live.
  await page.getByRole("tab", { name: "Email" }).click();
  await page.getByLabel("Name", { exact: true }).fill(NAME);
  await page.getByRole("tab", { name: "Audience" }).click();
  await page.getByRole("radio", { name: /^Segments/ }).check();
  await page
    .getByRole("group", { name: "Send to contacts in any of" })
    .getByRole("checkbox", { name: new RegExp(SEGMENT) })
    .check();
  await expect(page.getByText("150 recipients right now")).toBeVisible();

  // A merge tag without a fallback meets 149 readers without a first name: the checklist says so (it does not block)
  // and leads to the subject, where the fallback goes in.
  await page.getByRole("tab", { name: "Email" }).click();
  await page.getByLabel("Subject", { exact: true }).fill("Autumn at the studio, {{firstName}}");
  await page.getByRole("button", { name: "Review and send" }).click();
  const mergeWarning = page.getByTestId("checklist-merge:firstName");
  await expect(mergeWarning).toHaveAttribute("data-state", "warning");
  await expect(mergeWarning).toContainText(
    "149 of 150 recipients have no First name: they will see an empty space. Add a fallback.",
  );
  await mergeWarning.getByRole("button").click();
  const subject = page.getByLabel("Subject", { exact: true });
  await expect(subject).toBeFocused();
  await subject.fill("Autumn at the studio, {{firstName|friend}}");
  await page.getByRole("button", { name: "Review and send" }).click();
  await expect(page.getByTestId("send-checklist")).toBeVisible();
  await expect(mergeWarning).toHaveCount(0);
  // The paragraph's tag came with its fallback, so nothing else is flagged.
  await expect(page.locator('[data-testid^="checklist-merge:"]')).toHaveCount(0);

  // The preview is the sending renderer's: it shows the edits, and changes with the next one.
  await page.getByRole("radio", { name: "Preview", exact: true }).click();
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText("Autumn at the studio")).toBeVisible();
  await expect(preview.getByRole("link", { name: "See the season" })).toBeVisible();
  await expect(preview.getByText("2 Canvas Lane")).toBeVisible();
  await page.getByRole("radio", { name: "Edit", exact: true }).click();
  await canvasBlocks(page).nth(0).click();
  await page.getByRole("textbox", { name: "Heading 1 text" }).focus();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" and winter");
  await page.getByRole("radio", { name: "Preview", exact: true }).click();
  await expect(preview.getByText("Autumn at the studio and winter")).toBeVisible();
  await page.getByRole("radio", { name: "Edit", exact: true }).click();
  await expect(page.getByText(/^Saved/)).toBeVisible();
  await shot(page, testInfo, "composer");
  await expectNoSeriousAxe(page);

  // On a phone the header keeps the name (cut short, whole in its title), the status, the history, the save state
  // and the way to send, side by side without covering each other, all within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const header = composer.locator("header");
  const name = header.getByRole("heading", { level: 1 });
  await expect(name).toHaveAttribute("title", NAME);
  const pieces = {
    name,
    status: page.getByTestId("composer-status"),
    saved: page.locator("[data-save-state]"),
    undo: header.getByRole("button", { name: "Undo" }),
    redo: header.getByRole("button", { name: "Redo" }),
    view: header.getByRole("radiogroup", { name: "View" }),
    actions: header.getByRole("button", { name: `Actions for ${NAME}` }),
    send: header.getByRole("button", { name: "Review and send" }),
  };
  const boxes = Object.entries(pieces).map(async ([key, locator]) => [key, await boxOf(locator)] as const);
  const laid = await Promise.all(boxes);
  for (const [key, box] of laid) expect(box.x + box.width, `${key} within the screen`).toBeLessThanOrEqual(390);
  expect(laid.find(([key]) => key === "name")![1].width, "the name shows").toBeGreaterThan(80);
  for (const [i, [a, boxA]] of laid.entries())
    for (const [b, boxB] of laid.slice(i + 1)) expect(overlaps(boxA, boxB), `${a} over ${b}`).toBe(false);
  await shot(page, testInfo, "composer-phone");
  await expectNoSeriousAxe(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A test into the Outbox.
  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("button", { name: "Send a test…" }).click();
  const testDialog = page.getByRole("dialog");
  await testDialog.getByLabel("Address 1").fill("proof@studio-team.test");
  await testDialog.getByRole("button", { name: "Send test" }).click();
  await expect(testDialog).toBeHidden();

  // Send now: the confirmation states the count; the report page shows the progress bar until the last batch.
  await page.getByRole("button", { name: "Send now" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("It goes to 150 subscribed contacts");
  await confirm.getByRole("button", { name: "Send to 150 recipients" }).click();
  await expect(page).toHaveURL(new RegExp(`${broadcastPath}$`));
  const progress = page.getByRole("progressbar", { name: "Sending progress" });
  await expect(page.getByTestId("send-progress-text")).toHaveText("100 of 150 sent", { timeout: 30_000 });
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await expect(progress).toHaveAttribute("aria-valuemax", "150");
  await shot(page, testInfo, "report-sending");
  await expect(page.getByText(/Sent to 150 recipients/)).toBeVisible({ timeout: 60_000 });
  await expect(progress).toBeHidden();
});

test("the email is opened in the Outbox, its button clicked, and the report counts the click", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await enterStudio(page);
  await page.goto("/outbox");
  await page.getByLabel("Search the outbox").fill("proof@studio-team.test");
  await expect(page.getByTestId("outbox-row")).toHaveCount(1);
  await expect(page.getByTestId("outbox-row").first()).toContainText(/test/i);

  await page.getByLabel("Search the outbox").fill("cara@studio.test");
  const rows = page.getByTestId("outbox-row");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link", { name: "Autumn at the studio, Cara" }).click();
  const email = page.frameLocator('iframe[title^="Email to cara@studio.test"]');
  await expect(email.getByText("Autumn at the studio and winter")).toBeVisible();
  const button = email.getByRole("link", { name: "See the season" });
  await expect(button).toHaveAttribute("href", /\/t\/c\/\d+\//);
  const popup = page.waitForEvent("popup");
  await button.click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/api\/health$/);
  await tab.close();

  await page.goto(broadcastPath);
  await expect
    .poll(
      async () => {
        await page.reload();
        return [await page.getByTestId("unique-opens").textContent(), await page.getByTestId("clicks").textContent()];
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toEqual(["1", "1"]);
  const report = page.getByTestId("broadcast-report");
  await expect(report).toHaveAttribute("data-charts-ready", "true");
  await expect(report.getByRole("cell", { name: /^https?:\/\/.*\/api\/health$/ })).toBeVisible();
  // The email as sent, by the sending renderer with a sample contact.
  const sent = page.frameLocator(`iframe[title="Preview of ${NAME}"]`);
  await expect(sent.getByText("Autumn at the studio and winter")).toBeVisible();
  await expect(sent.getByRole("link", { name: "See the season" })).toBeVisible();
  await shot(page, testInfo, "report");
  await expectNoSeriousAxe(page);

  await page.goto("/");
  await expect(page.getByText(NAME).first()).toBeVisible();
  await shot(page, testInfo, "home");
  await expectNoSeriousAxe(page);
});
