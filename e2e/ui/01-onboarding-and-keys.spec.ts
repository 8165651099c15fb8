// The foundation as a new user lives it: sign up, make keys in Settings, use them, revoke one, and find that a second
// workspace's key cannot reach the first workspace's tags.
import { expect, test } from "@playwright/test";
import { createKeyInUi, enterWorkspace, owner, PASSWORD_HASH_WAIT, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

let writeKey = "";
let readKey = "";
let tagId = "";

test("a first visit leads to onboarding, which creates the user and workspace", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel("Your name").fill(owner.name);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Workspace name").fill(owner.workspace);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/, PASSWORD_HASH_WAIT);
  await expect(page.getByText(owner.workspace).first()).toBeVisible();
  // A new workspace's home starts with its setup checklist: nothing done yet, each step a link to where it is done.
  const checklist = page.getByTestId("setup-checklist");
  await expect(checklist).toContainText("0 of 4 done");
  await expect(checklist.getByRole("link", { name: "Set the sender and postal address" })).toHaveAttribute(
    "href",
    "/settings/workspace",
  );
  await expect(checklist.getByRole("link", { name: "Add your first contacts" })).toHaveAttribute(
    "href",
    "/contacts/import",
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/screens/home-new-1440.png", fullPage: true });
  // Onboarding is closed for good once a user exists.
  await page.goto("/onboarding");
  await expect(page).not.toHaveURL(/\/onboarding$/);
});

test("keys made in Settings work with their scopes", async ({ page, request }) => {
  await signIn(page);

  writeKey = await createKeyInUi(page, "Server", "Write");
  readKey = await createKeyInUi(page, "Analytics", "Read");
  const row = page.getByRole("row", { name: /Server/ });
  await expect(row).toContainText(`sw_…${writeKey.slice(-4)}`);

  const created = await request.post("/api/v1/tags", {
    headers: { "X-API-Key": writeKey },
    data: { name: "From the API" },
  });
  expect(created.status()).toBe(201);
  tagId = (await created.json()).data.id;

  const listed = await request.get("/api/v1/tags", { headers: { "X-API-Key": readKey } });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).data.map((t: { id: string }) => t.id)).toContain(tagId);

  const none = await request.get("/api/v1/tags");
  expect(none.status()).toBe(401);
  expect(none.headers()["content-type"]).toBe("application/problem+json");

  // One character changed (never to itself: a key ending in "x" would otherwise stay the same key).
  const changed = `${writeKey.slice(0, -1)}${writeKey.endsWith("x") ? "y" : "x"}`;
  const wrong = await request.get("/api/v1/tags", { headers: { "X-API-Key": changed } });
  expect(wrong.status()).toBe(401);

  const readOnly = await request.post("/api/v1/tags", { headers: { "X-API-Key": readKey }, data: { name: "Nope" } });
  expect(readOnly.status()).toBe(403);
  expect((await readOnly.json()).detail).toMatch(/read-only/);

  // The tag made through the API shows on the Tags page.
  await page.goto("/tags");
  await expect(page.getByRole("cell", { name: "From the API" })).toBeVisible();
});

test("revoking a key in the UI locks it out on the next request", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/settings/api-keys");
  const before = await request.get("/api/v1/tags", { headers: { "X-API-Key": writeKey } });
  expect(before.status()).toBe(200);

  await page
    .getByRole("row", { name: /Server/ })
    .getByRole("button", { name: "Revoke" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /Server/ })).toContainText("Revoked");

  const after = await request.get("/api/v1/tags", { headers: { "X-API-Key": writeKey } });
  expect(after.status()).toBe(401);
  // The read key is untouched.
  expect((await request.get("/api/v1/tags", { headers: { "X-API-Key": readKey } })).status()).toBe(200);
});

test("a second workspace's key gets 404 for the first workspace's tag on every tag route", async ({
  page,
  request,
}) => {
  await signIn(page);

  await enterWorkspace(page, "Second Shop");

  const otherKey = await createKeyInUi(page, "Other", "Write");
  const headers = { "X-API-Key": otherKey };
  const url = `/api/v1/tags/${tagId}`;
  const responses = [
    await request.get(url, { headers }),
    await request.patch(url, { headers, data: { name: "Hijacked" } }),
    await request.delete(url, { headers }),
  ];
  for (const res of responses) {
    expect(res.status()).toBe(404);
    expect((await res.json()).instance).toBe(url);
  }
  const list = await request.get("/api/v1/tags", { headers });
  expect((await list.json()).data).toEqual([]);
  // Still there, unchanged, for its own workspace.
  const own = await request.get(url, { headers: { "X-API-Key": readKey } });
  expect((await own.json()).data.name).toBe("From the API");
});
