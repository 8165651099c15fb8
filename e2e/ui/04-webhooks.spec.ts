// Webhooks as a developer wires them up: create an endpoint in Settings, keep the secret shown once, add a contact in
// the dashboard, and receive a signed contact.created on a real HTTP server; then find the attempt in the delivery
// log and redeliver it, which sends the same event id again.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });
// The secret is read back from the clipboard after pressing Copy, as a developer would paste it.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let server: Server;
let hookUrl = "";

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** x-service-signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]; v1 = HMAC-SHA256(whole secret, "<t>.<raw body>"). */
function signatureValid(header: string, secret: string, body: string): boolean {
  const parts = header.split(",");
  const t = parts.find((p) => p.startsWith("t="))?.slice(2) ?? "";
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  return parts
    .filter((p) => p.startsWith("v1="))
    .some((p) => {
      const given = Buffer.from(p.slice(3));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const header = (r: Received | undefined, name: string) => {
  const value = r?.headers[name];
  return typeof value === "string" ? value : "";
};

test("a webhook made in Settings receives a signed contact.created, and a redelivery repeats its event id", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/settings/webhooks");
  await page.getByRole("button", { name: "Create webhook" }).first().click();
  const dialog = page.getByRole("dialog");

  // A private address is refused, and the reason shows under the URL field.
  await dialog.getByLabel("Endpoint URL").fill("https://10.1.2.3/hook");
  await dialog.getByRole("checkbox", { name: "contact.created" }).check();
  await dialog.getByRole("button", { name: "Create webhook" }).click();
  await expect(dialog.getByText(/private, loopback/)).toBeVisible();

  await dialog.getByLabel("Endpoint URL").fill(hookUrl);
  await dialog.getByRole("button", { name: "Create webhook" }).click();
  const shown = page.getByTestId("webhook-secret");
  await expect(shown).toBeVisible();
  const secret = (await shown.textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_\S{20,}$/);
  await expect(page.getByText("You won't be able to see it again", { exact: false })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks\/[0-9a-f-]{36}$/);
  const webhookPage = page.url();

  // A contact added in the dashboard is an event like any other.
  const email = `hooked-${Date.now()}@example.com`;
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Add contact" }).click();
  await page.getByRole("dialog").getByLabel("Email").fill(email);
  await page.getByRole("dialog").getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByText(`${email} added.`)).toBeVisible();

  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = received[0];
  expect(signatureValid(header(first, "x-service-signature"), secret, first?.body ?? "")).toBe(true);
  const body = JSON.parse(first?.body ?? "{}");
  expect(body.type).toBe("contact.created");
  expect(body.data.email).toBe(email);
  const eventId = header(first, "x-service-event-id");
  expect(eventId).toBe(body.id);

  // The attempt is in the log, and opening it offers Redeliver.
  await page.goto(webhookPage);
  const rows = page.getByTestId("delivery-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("contact.created");
  await expect(rows.first()).toContainText(/Succeeded\s*·\s*200/);
  await rows.first().getByRole("button", { name: "contact.created" }).click();
  await expect(page.getByRole("dialog")).toContainText(eventId);
  await page.getByRole("dialog").getByRole("button", { name: "Redeliver" }).click();

  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  expect(header(received[1], "x-service-event-id")).toBe(eventId);
  expect(signatureValid(header(received[1], "x-service-signature"), secret, received[1]?.body ?? "")).toBe(true);
  // The new attempt tops the log without a reload: a redelivery, attempt 2.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Redelivery");
  await expect(rows.first().getByRole("cell").nth(2)).toHaveText("2");
  await expect(rows.nth(1)).toContainText("Event");
});
