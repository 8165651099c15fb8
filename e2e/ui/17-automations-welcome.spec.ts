// The welcome series as a marketer meets it, end to end, in a workspace of its own: made from its template in the
// dashboard, its trigger set to a double opt-in form that is embedded on another site, activated; two visitors sign up
// there and confirm from the Outbox; each gets the welcome email (in the Outbox, with its tracked link and unsubscribe
// header); one of them clicks it. Then two days pass (the automation clock moves forward: POST /api/test-clock, which
// exists because e2e/serve.mjs starts the server with SENDWELL_TEST_CLOCK=1) and only the visitor who did not click
// gets the second email. The report counts what happened; the list, builder and report are axe clean.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createKeyInUi, enterWorkspace, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const CLICKER = { email: "ivy@welcome-series.test", name: "Ivy" };
const QUIET = { email: "otto@welcome-series.test", name: "Otto" };
const FORM_NAME = "Welcome series sign-up";
const PERSON_AGENT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const AUTOMATION = "Welcome new readers";
// A workspace of this spec's own: the shared first workspace stays without a postal address for 06-broadcasts.
const ROOM = `Reading Room ${Date.now().toString(36)}`;

let site: Server;
let siteUrl = "";
let formId = "";
let automationUrl = "";
let headers: Record<string, string> = {};

test.beforeAll(async () => {
  site = createServer((req, res) => {
    res.writeHead(req.url === "/" ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reading room</title></head><body><main>` +
        `<h1>Reading room</h1><div id="slot">${formId ? snippet() : ""}</div></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

let appOrigin = "";
const snippet = () => `<script src="${appOrigin}/embed.js" data-form="${formId}" async></script>`;

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The Outbox rows addressed to `email`. */
async function outboxRows(page: Page, email: string) {
  await page.goto("/outbox");
  await page.getByLabel("Search the outbox").fill(email);
  // The search applies after a pause (the list is redrawn then): wait until only this address's rows are left.
  await expect(page.getByTestId("outbox-row").filter({ hasNotText: email })).toHaveCount(0);
  return page.getByTestId("outbox-row").filter({ hasText: email });
}

test("the welcome series is made from its template for a double opt-in form, and activated", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  appOrigin = new URL(baseURL ?? "").origin;
  await signIn(page);
  await enterWorkspace(page, ROOM);
  headers = { "X-API-Key": await createKeyInUi(page, "Welcome series e2e", "Write") };
  // The sender and postal address every email needs (the checklist asks for them otherwise).
  await page.goto("/settings/workspace");
  await page.getByLabel("Postal address").fill("Reading Room\n2 Page Street\nSpringfield");
  await page.getByLabel("Default from email").fill("letters@reading-room.test");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Sending settings saved.")).toBeVisible();

  const created = await request.post("/api/v1/forms", {
    headers,
    data: {
      name: FORM_NAME,
      type: "inline",
      heading: "Letters from the reading room",
      doubleOptIn: true,
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "first_name", name: "firstName", label: "First name" },
      ],
      successMessage: "Check your inbox to confirm.",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  formId = (await created.json()).data.id;
  expect((await request.post(`/api/v1/forms/${formId}/publish`, { headers })).status()).toBe(200);

  // From the template, in the dashboard.
  await page.goto("/automations");
  await page.getByRole("button", { name: "New automation" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New automation" });
  await dialog.getByRole("radio", { name: /^Welcome series/ }).check();
  await dialog.getByLabel("Name").fill(AUTOMATION);
  await dialog.getByRole("button", { name: "Create and open the builder" }).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}\/edit$/);
  automationUrl = page.url().replace(/\/edit$/, "");

  // The trigger: sign-ups through the form.
  await page.getByRole("button", { name: /^Trigger/ }).click();
  const trigger = page.getByTestId("trigger-panel");
  await trigger.getByLabel("Through").selectOption({ label: FORM_NAME });
  await expect(page.locator("#automation-trigger-card")).toContainText(FORM_NAME);
  await expect(page.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved", { timeout: 15_000 });
  await shot(page, "automation-welcome-builder");
  await noSeriousViolations(page);
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByTestId("automation-status")).toHaveText("active", { timeout: 15_000 });

  const got = await request.get(`/api/v1/automations/${automationUrl.split("/").pop()}`, { headers });
  expect(got.status()).toBe(200);
  expect((await got.json()).data).toMatchObject({
    status: "active",
    trigger: { type: "subscribed", formId },
    version: 1,
  });
});

test("two visitors sign up on another site and confirm; each gets the welcome email", async ({ page, browser }) => {
  test.setTimeout(180_000);
  for (const person of [CLICKER, QUIET]) {
    const visitor = await browser.newPage();
    await visitor.goto(siteUrl);
    await expect(visitor.getByLabel("Email")).toBeVisible({ timeout: 15_000 });
    await visitor.getByLabel("First name").fill(person.name);
    await visitor.getByLabel("Email").fill(person.email);
    await visitor.waitForTimeout(3_200); // the form refuses submissions faster than FORM_MIN_FILL_MS
    await visitor.getByRole("button", { name: /subscribe|sign up|join/i }).click();
    await expect(visitor.getByText("Check your inbox to confirm.")).toBeVisible();
    await visitor.close();
  }

  await signIn(page);
  await enterWorkspace(page, ROOM);
  for (const person of [CLICKER, QUIET]) {
    const rows = await outboxRows(page, person.email);
    await expect(rows).toHaveCount(1, { timeout: 30_000 });
    await rows.first().getByRole("link").first().click();
    const email = page.frameLocator(`iframe[title^="Email to ${person.email}"]`);
    const href =
      (await email
        .getByRole("link", { name: /confirm|subscribe/i })
        .first()
        .getAttribute("href")) ?? "";
    expect(href).toMatch(/\/confirm\/[^/]+$/);
    await page.goto(href);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: /subscribed|thank/i }).first()).toBeVisible();
  }

  // The welcome email reaches both (the intake enrols on the confirmation, the engine queues, the sender sends).
  for (const person of [CLICKER, QUIET]) {
    await expect
      .poll(
        async () => {
          const rows = await outboxRows(page, person.email);
          return rows.filter({ hasText: `Welcome aboard, ${person.name}` }).count();
        },
        { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toBe(1);
  }
  await shot(page, "automation-welcome-outbox");

  // Ivy clicks the starter guide in hers: through the tracking redirect.
  const rows = await outboxRows(page, CLICKER.email);
  await rows
    .filter({ hasText: `Welcome aboard, ${CLICKER.name}` })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByTestId("outbox-headers")).toContainText(/List-Unsubscribe:\s*<http/i);
  const email = page.frameLocator(`iframe[title^="Email to ${CLICKER.email}"]`);
  const link = email.getByRole("link", { name: "Read the starter guide" });
  const tracked = (await link.getAttribute("href")) ?? "";
  expect(tracked).toMatch(/\/t\/c\/\d+\//);
  // As her mail app opens it (a headless browser's own agent would be counted as a machine, like a link scanner).
  const res = await page.request.get(tracked, {
    maxRedirects: 0,
    headers: { "user-agent": PERSON_AGENT },
  });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("https://example.com/start");
});

test("two days later only the visitor who did not click gets the second email", async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await enterWorkspace(page, ROOM);
  // The click must be applied (the rollup) before the condition reads it: the report counts it.
  await expect
    .poll(
      async () => {
        const id = automationUrl.split("/").pop();
        // Unwrapped, like the other analytics answers.
        const analytics = await (await request.get(`/api/v1/automations/${id}/analytics`, { headers })).json();
        const welcome = analytics.steps.find((s: { stepId: string }) => s.stepId === "welcome");
        return [welcome?.emailsSent, welcome?.clicks];
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toEqual([2, 1]);

  const moved = await request.post("/api/test-clock", { data: { advanceMs: 2 * 86_400_000 + 60_000 } });
  expect(moved.status(), await moved.text()).toBe(200);

  await expect
    .poll(
      async () => {
        const rows = await outboxRows(page, QUIET.email);
        return rows.count();
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(3); // confirmation, welcome, and the second email
  // Ivy clicked: she took the other branch and got nothing more.
  await page.waitForTimeout(3_000);
  await expect(await outboxRows(page, CLICKER.email)).toHaveCount(2);

  // The report: both entered, both done, the steps' counts; and the contact page shows the path.
  await page.goto(automationUrl);
  await expect(page.getByRole("heading", { name: AUTOMATION, level: 1 })).toBeVisible();
  await shot(page, "automation-welcome-report");
  await noSeriousViolations(page);
  await page.goto("/automations");
  await expect(page.getByTestId("automation-row").filter({ hasText: AUTOMATION })).toContainText("Active");
  await noSeriousViolations(page);
});
