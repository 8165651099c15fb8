// The protective headers as a browser receives them from `npm start` (the front server of edge/, Next.js behind it):
// the dashboard and sign-in refuse framing both ways browsers know, a landing page may be framed, an uploaded image
// keeps its own `default-src 'none'`, the tracking pixel (answered by the front server itself) carries them too, and
// every one sends nosniff and a Referrer-Policy.
import { expect, test, type APIResponse } from "@playwright/test";
import { createKeyInUi, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

const DENY = { "content-security-policy": "frame-ancestors 'none'", "x-frame-options": "DENY" };
const ALWAYS = { "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" };
/** The 43-byte GIF of the open pixel: a valid image to upload. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

const headersOf = (res: APIResponse | { headers(): Record<string, string> }) => res.headers();

test("the sign-in page and the dashboard refuse to be framed", async ({ page, request }) => {
  const signInPage = await request.get("/signin", { maxRedirects: 0 });
  expect(signInPage.status()).toBe(200);
  expect(headersOf(signInPage)).toMatchObject({ ...ALWAYS, ...DENY });
  expect(headersOf(signInPage)).not.toHaveProperty("strict-transport-security"); // APP_URL is http here

  await signIn(page);
  const dashboard = await page.goto("/contacts");
  expect(dashboard!.status()).toBe(200);
  expect(await dashboard!.allHeaders()).toMatchObject({ ...ALWAYS, ...DENY });
  // The browser holds to it: another page cannot show the dashboard in a frame (Chromium shows its error page).
  const framed = await page.context().newPage();
  await framed.setContent(`<iframe src="${new URL("/contacts", page.url()).href}"></iframe>`);
  await expect.poll(() => framed.frames()[1]?.url()).toMatch(/^chrome-error:/);
  await framed.close();
});

test("a landing page may be framed, an upload keeps its own policy, and the tracking pixel is covered", async ({
  page,
}) => {
  await signIn(page);
  const key = await createKeyInUi(page, "Edge headers", "Write");
  const headers = { "X-API-Key": key };
  const created = await page.request.post("/api/v1/forms", {
    headers,
    data: {
      name: "Framed landing",
      type: "landing_page",
      heading: "Seed swap",
      fields: [{ type: "email", name: "email", label: "Email", required: true }],
      landingPageMeta: { slug: "edge-framed-seed-swap", title: "Seed swap", description: "Bring seeds." },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  expect((await page.request.post(`/api/v1/forms/${id}/publish`, { headers })).status()).toBe(200);

  const landing = await page.request.get("/f/edge-framed-seed-swap");
  expect(landing.status()).toBe(200);
  expect(headersOf(landing)).toMatchObject(ALWAYS);
  expect(headersOf(landing)).not.toHaveProperty("x-frame-options");
  expect(headersOf(landing)["content-security-policy"] ?? "").not.toContain("frame-ancestors");

  const origin = new URL(page.url()).origin;
  const upload = await page.request.post("/api/dashboard/uploads", {
    headers: { Origin: origin, Accept: "application/json" },
    multipart: { file: { name: "dot.gif", mimeType: "image/gif", buffer: GIF } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = await page.request.get((await upload.json()).data.url);
  expect(image.status()).toBe(200);
  expect(headersOf(image)).toMatchObject({ ...ALWAYS, "content-security-policy": "default-src 'none'" });
  expect(headersOf(image)).not.toHaveProperty("x-frame-options");

  // Answered by the front server itself (edge/hot-routes.ts), a bad token served like a good one.
  const pixel = await page.request.get("/t/o/not-a-token");
  expect(pixel.status()).toBe(200);
  expect(headersOf(pixel)).toMatchObject({ "content-type": "image/gif", ...ALWAYS, ...DENY });
});
