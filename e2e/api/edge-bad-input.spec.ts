// The front server (edge/) as `npm start` runs it, answering broken requests on the public routes it owns: never a
// 5xx, the problem bodies the routes give, bodies refused before they are read.
import { expect, test } from "@playwright/test";

test("a method no route answers is a 405 problem naming the allowed ones", async ({ request }) => {
  const res = await request.put("/t/o/not-a-token");
  expect(res.status()).toBe(405);
  expect(res.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  expect(res.headers()["content-type"]).toBe("application/problem+json");
  expect(await res.json()).toMatchObject({ status: 405, instance: "/t/o/not-a-token" });
});

test("a submission declaring more than the cap is a 413 problem, with the CORS the embed needs", async ({
  request,
}) => {
  const res = await request.post("/api/forms/00000000-0000-4000-8000-000000000000/submissions", {
    headers: { "Content-Type": "application/json" },
    data: Buffer.from(JSON.stringify({ email: "a@example.com", pad: "x".repeat(40_000) })),
  });
  expect(res.status()).toBe(413);
  expect(res.headers()["access-control-allow-origin"]).toBe("*");
  expect((await res.json()).title).toBe("Payload Too Large");
});

test("malformed tokens, ids and percent-encoding never answer 5xx", async ({ request }) => {
  const answers = await Promise.all([
    request.get("/t/o/%E0%A4%A"),
    request.get("/t/c/abc/%ZZ", { maxRedirects: 0 }),
    request.get("/api/forms/not-a-form"),
    request.post("/api/forms/not-a-form/views", { data: { viewId: 1 } }),
    request.post("/u/not-a-token/one-click", { form: { "List-Unsubscribe": "One-Click" } }),
    request.get("/contacts/%E0%A4%A", { maxRedirects: 0 }),
  ]);
  expect(answers.map((a) => a.status())).toEqual([200, 404, 404, 404, 404, 400]);
});
