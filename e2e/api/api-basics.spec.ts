// The API's public surfaces against the production build: health, OpenAPI document, reference page, problem bodies.
import { expect, test } from "@playwright/test";
import { createKeyInUi, signIn } from "../fixtures";

test("health answers without a key", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  // `instance` is the hash of the token npm start gave this server (how it knows the answer is its own).
  expect(await res.json()).toEqual({ status: "ok", instance: expect.stringMatching(/^[0-9a-f]{64}$/) });
});

test("the OpenAPI document describes the tag operations and the key header", async ({ request }) => {
  const res = await request.get("/api/v1/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/v1/tags", "/api/v1/tags/{id}"]));
  expect(doc.components.securitySchemes.ApiKey.name).toBe("X-API-Key");
});

test("the API reference page is readable without signing in", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/API/);
  await expect(page.getByText("/api/v1/tags/{id}").first()).toBeVisible();
  await expect(page.getByText("X-API-Key").first()).toBeVisible();
  // Each operation shows its operationId and the key scope it needs.
  const preview = page.locator("#post-api-v1-segments-preview");
  await expect(preview.getByRole("definition").filter({ hasText: /^previewSegment$/ })).toBeVisible();
  await expect(preview.getByRole("definition").filter({ hasText: /^read$/ })).toBeVisible();
});

test("errors are problem bodies whose type URL explains them", async ({ page, request }) => {
  await signIn(page);
  const key = await createKeyInUi(page, "Errors", "Write");
  const headers = { "X-API-Key": key };

  const unknownPath = await request.get("/api/v1/does-not-exist", { headers });
  expect(unknownPath.status()).toBe(404);
  expect(unknownPath.headers()["content-type"]).toBe("application/problem+json");
  expect(unknownPath.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

  const badJson = await request.post("/api/v1/tags", {
    headers: { ...headers, "Content-Type": "application/json" },
    data: Buffer.from("{oops"),
  });
  expect(badJson.status()).toBe(400);

  const invalid = await request.post("/api/v1/tags", { headers, data: { name: "", color: "blue" } });
  expect(invalid.status()).toBe(422);
  const body = await invalid.json();
  expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["#/color", "#/name"]);
  expect(body.instance).toBe("/api/v1/tags");

  const wrongMethod = await request.put("/api/v1/tags", { headers, data: {} });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()["allow"]).toBe("GET, POST");
  expect(wrongMethod.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

  const limits = await request.get("/api/v1/tags?limit=500", { headers });
  expect(limits.status()).toBe(422);
  expect(limits.headers()["ratelimit-limit"]).toBeTruthy();

  await page.goto(new URL(body.type).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(body.title);
  await expect(page.getByText("422").first()).toBeVisible();
});
