// The embed script and the landing page as a site's visitors meet them. Forms of every type are made and published
// through the API; a plain HTML page on another origin (a tiny local server, with a stylesheet that would wreck any
// form it reached) embeds them with the snippet: each appears, works from the keyboard, validates, shows the
// server's refusals, signs the visitor up and counts one view per page load. The popup keeps focus inside, closes
// on Escape and stays away for its frequency cap. The landing page has its meta tags and signs up with and without
// JavaScript. axe finds nothing serious or critical in any of them. Unpublished: the embed renders nothing and
// /f/<slug> is a 404.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { createKeyInUi, signIn } from "../fixtures";

test.describe.configure({ mode: "serial" });

const SHOTS = "/tmp/shots";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

// The submission endpoint refuses anything sooner than FORM_MIN_FILL_MS (3 s) after the form was rendered.
const FILL_MS = 3_200;

let headers: Record<string, string> = {};
/** The owner's session, kept from the first test for the dashboard's analytics page. */
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
const ids = { inline: "", popup: "", bar: "", slide: "", landing: "", typed: "" };
let appOrigin = "";
let site: Server;
let siteUrl = "";
const pages: Record<string, string> = {};

// The "customer's site": 127.0.0.1 on its own port (the app is localhost): another origin. Its CSS targets inputs,
// buttons and every element with !important: none of it may reach a form in its shadow root.
test.beforeAll(async () => {
  site = createServer((req, res) => {
    const name = new URL(req.url ?? "/", "http://x").pathname.slice(1);
    res.writeHead(pages[name] ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Garden notes</title>` +
        `<style>*{color:#060 !important;font-family:serif !important}input,button{background:#f0f !important}</style>` +
        `</head><body><main><h1>Garden notes</h1><p>Tomatoes like the sun. <a href="#more">Read more</a></p>` +
        `${pages[name] ?? ""}<div style="height:1600px"></div></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const snippet = (id: string) => `<script src="${appOrigin}/embed.js" data-form="${id}" async></script>`;

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Counts the view reports a page sends for a form. */
function viewReports(page: Page, id: string) {
  const seen = { count: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url() === `${appOrigin}/api/forms/${id}/views`) seen.count++;
  });
  return seen;
}

async function publishedForm(request: APIRequestContext, input: Record<string, unknown>) {
  const created = await request.post("/api/v1/forms", { headers, data: input });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  expect((await request.post(`/api/v1/forms/${id}/publish`, { headers })).status()).toBe(200);
  return id;
}

async function formRecord(request: APIRequestContext, id: string) {
  return (await (await request.get(`/api/v1/forms/${id}`, { headers })).json()).data;
}

async function submissions(request: APIRequestContext, id: string) {
  return (await (await request.get(`/api/v1/forms/${id}/submissions`, { headers })).json()).data as {
    contactEmail: string;
    data: Record<string, unknown>;
    utmSource: string | null;
    timezone: string | null;
  }[];
}

const emailField = { type: "email", name: "email", label: "Email", placeholder: "you@example.com", required: true };
const consent = {
  type: "consent",
  name: "consent",
  label: "I agree to the [privacy terms](https://example.com/terms)",
};

test("forms of every type are made and published through the API", async ({ page, request, baseURL }) => {
  appOrigin = new URL(baseURL ?? "").origin;
  await signIn(page);
  signedIn = await page.context().storageState();
  headers = { "X-API-Key": await createKeyInUi(page, "Embed e2e", "Write") };
  const field = await request.post("/api/v1/custom-fields", {
    headers,
    data: { key: "garden_size", label: "Garden size", type: "select", options: ["Balcony", "Yard", "Farm"] },
  });
  expect(field.status(), await field.text()).toBe(201);

  ids.inline = await publishedForm(request, {
    name: "Embed inline",
    type: "inline",
    heading: "Garden notes by email",
    description: "One letter a week.",
    doubleOptIn: false,
    captureTimezone: true,
    fields: [
      emailField,
      { type: "first_name", name: "firstName", label: "First name" },
      { type: "custom", name: "garden_size", label: "Garden size", required: true, options: ["Balcony", "Yard"] },
      consent,
      { type: "hidden", name: "campaign", param: "utm_campaign", value: "none" },
    ],
    consentStatement: "We send one letter a week.",
    privacyPolicyUrl: "https://example.com/privacy",
    successMessage: "Welcome to the garden notes!",
  });
  ids.popup = await publishedForm(request, {
    name: "Embed popup",
    type: "popup",
    heading: "Before you go",
    fields: [emailField, { type: "first_name", name: "firstName", label: "First name" }],
    display: { delaySeconds: 1, frequencyDays: 7 },
    styles: { buttonText: "Count me in", backgroundColor: "#1f2937", textColor: "#f9fafb" },
    successMessage: "Check your inbox to confirm.",
  });
  ids.bar = await publishedForm(request, {
    name: "Embed bar",
    type: "sticky_bar",
    heading: "Seed swap on Saturday",
    fields: [emailField],
    display: { position: "bottom" },
    successMessage: "See you on Saturday.",
  });
  ids.slide = await publishedForm(request, {
    name: "Embed slide-in",
    type: "slide_in",
    heading: "Planting calendar",
    fields: [emailField],
    display: { delaySeconds: 0, corner: "bottom_left" },
    successMessage: "The calendar is on its way.",
  });
  ids.landing = await publishedForm(request, {
    name: "Embed landing",
    type: "landing_page",
    heading: "The compost course",
    description: "Five lessons, one a day.",
    fields: [emailField, consent],
    landingPageMeta: {
      slug: "compost-course",
      title: "Compost course: five free lessons",
      description: "Learn to compost in five days.",
      imageUrl: "https://example.com/compost.png",
    },
    successMessage: "Lesson one is on its way.",
  });
});

test("an inline form renders in place, styled apart from the page, and signs up from the keyboard", async ({
  page,
  request,
}) => {
  pages.inline = `<section><h2>Newsletter</h2><div data-sendwell-form="${ids.inline}"></div></section>${snippet(ids.inline)}`;
  const views = viewReports(page, ids.inline);
  await page.goto(`${siteUrl}/inline?utm_source=garden&utm_campaign=spring`);

  const email = page.getByRole("textbox", { name: "Email" });
  await expect(email).toBeVisible();
  await expect(page.getByRole("heading", { name: "Garden notes by email" })).toBeVisible();
  // The page's !important rules stop at the shadow root.
  expect(await email.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
  const button = page.getByRole("button", { name: "Subscribe" });
  expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(79, 70, 229)");
  // Nor does the form's CSS leak out.
  expect(await page.getByRole("link", { name: "Read more" }).evaluate((el) => getComputedStyle(el).color)).toBe(
    "rgb(0, 102, 0)",
  );
  await noSeriousViolations(page);
  await shot(page, "embed-inline");

  // Keyboard: from the page's link through every control in order.
  await page.getByRole("link", { name: "Read more" }).focus();
  const order = [
    email,
    page.getByRole("textbox", { name: "First name" }),
    page.getByRole("combobox", { name: "Garden size" }),
    page.getByRole("checkbox", { name: /I agree/ }),
    page.getByRole("link", { name: "privacy terms" }),
    button,
    page.getByRole("link", { name: "Privacy policy" }),
  ];
  for (const control of order) {
    await page.keyboard.press("Tab");
    await expect(control).toBeFocused();
  }

  // Empty required fields: each says why, linked to its input, the live region sums up, focus goes to the first.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please fill in this field.");
  await expect(page.getByRole("combobox", { name: "Garden size" })).toHaveAccessibleDescription(
    "Please choose an option.",
  );
  await expect(page.getByRole("checkbox", { name: /I agree/ })).toHaveAccessibleDescription(
    "Please tick this box to continue.",
  );
  await expect(page.getByRole("status")).toHaveText("Please correct the highlighted fields.");
  await expect(email).toBeFocused();
  await noSeriousViolations(page);
  await shot(page, "embed-inline-errors");

  await email.fill("ada");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await button.click();
  await expect(email).toHaveAccessibleDescription("Enter an email address like name@example.com.");
  expect(views.count).toBe(1);

  // A fresh page load: a new render token. Filled and sent at once, the server refuses it for its minimum fill
  // time, and the form shows the refusal as the server says it.
  await page.reload();
  await expect(email).toBeVisible();
  const shown = Date.now();
  await email.fill("ada@gardeners.test");
  await page.getByRole("textbox", { name: "First name" }).fill("Ada");
  await page.getByRole("combobox", { name: "Garden size" }).selectOption("Yard");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await button.click();
  await expect(page.getByRole("status")).toContainText("faster than a person can fill in a form");
  await expect(button).toBeEnabled();
  await expect(button).toBeFocused();
  await page.waitForTimeout(Math.max(0, FILL_MS - (Date.now() - shown)));
  await button.click();
  const done = page.getByText("Welcome to the garden notes!", { exact: true });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(email).toHaveCount(0);
  await shot(page, "embed-inline-done");

  const [row] = await submissions(request, ids.inline);
  expect(row?.contactEmail).toBe("ada@gardeners.test");
  expect(row?.data).toMatchObject({ firstName: "Ada", garden_size: "Yard", consent: true, campaign: "spring" });
  expect(row?.utmSource).toBe("garden");
  expect(row?.timezone).toBeTruthy();
  // One view per page load, however often the form redrew (errors, the refusal, the thank-you).
  expect(views.count).toBe(2);
  await expect.poll(async () => (await formRecord(request, ids.inline)).viewsCount).toBe(2);
});

test("a popup opens after its delay, keeps focus inside, closes on Escape and respects its frequency cap", async ({
  page,
  request,
}) => {
  pages.popup = snippet(ids.popup);
  const views = viewReports(page, ids.popup);
  await page.goto(`${siteUrl}/popup`);
  const readMore = page.getByRole("link", { name: "Read more" });
  await readMore.focus();

  const dialog = page.getByRole("dialog", { name: "Before you go" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const email = dialog.getByRole("textbox", { name: "Email" });
  await expect(email).toBeFocused();
  await noSeriousViolations(page);
  await shot(page, "embed-popup");

  // Tab cycles Email → First name → Count me in → Close → Email; Shift+Tab goes back round.
  const close = dialog.getByRole("button", { name: "Close" });
  for (const control of [
    dialog.getByRole("textbox", { name: "First name" }),
    dialog.getByRole("button", { name: "Count me in" }),
    close,
    email,
  ]) {
    await page.keyboard.press("Tab");
    await expect(control).toBeFocused();
  }
  await page.keyboard.press("Shift+Tab");
  await expect(close).toBeFocused();
  // A click on the page behind does not take focus out of the dialog.
  await readMore.focus();
  await expect(email).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(readMore).toBeFocused();
  expect(views.count).toBe(1);

  // Closed: the next page loads within frequencyDays show nothing and count no view.
  await page.reload();
  await page.waitForTimeout(2_000);
  await expect(dialog).toHaveCount(0);
  expect(views.count).toBe(1);

  // A visitor who never closed it: opens, signs up, and is not asked again.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(dialog).toBeVisible();
  await email.fill("grace@gardeners.test");
  await page.waitForTimeout(FILL_MS);
  await dialog.getByRole("button", { name: "Count me in" }).click();
  await expect(dialog.getByText("Check your inbox to confirm.")).toBeVisible();
  await shot(page, "embed-popup-done");
  await close.click();
  await page.reload();
  await page.waitForTimeout(2_000);
  await expect(dialog).toHaveCount(0);
  expect(views.count).toBe(2);
  expect((await submissions(request, ids.popup)).map((s) => s.contactEmail)).toEqual(["grace@gardeners.test"]);
  await expect.poll(async () => (await formRecord(request, ids.popup)).viewsCount).toBe(2);
});

test("a sticky bar and a slide-in on one page: placed, closable, accessible, and the bar signs up", async ({
  page,
  request,
}) => {
  pages.both = snippet(ids.bar) + snippet(ids.slide);
  await page.goto(`${siteUrl}/both`);
  const bar = page.getByRole("complementary", { name: "Seed swap on Saturday" });
  const slide = page.getByRole("complementary", { name: "Planting calendar" });
  await expect(bar).toBeVisible();
  await expect(slide).toBeVisible();
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  // Measured once its 0.2 s entrance (a slide up by half a line) is over.
  await expect
    .poll(async () => {
      const box = await bar.boundingBox();
      return Math.round((box?.y ?? 0) + (box?.height ?? 0));
    })
    .toBe(viewport.height);
  const slideBox = await slide.boundingBox();
  expect(slideBox?.x).toBeLessThan(40);
  await noSeriousViolations(page);
  await shot(page, "embed-bar-and-slide-in");

  // The slide-in closes with Escape from inside it, the bar with its button.
  await slide.getByRole("textbox", { name: "Email" }).focus();
  await page.keyboard.press("Escape");
  await expect(slide).toBeHidden();

  await bar.getByRole("textbox", { name: "Email" }).fill("linus@gardeners.test");
  await page.waitForTimeout(FILL_MS);
  await bar.getByRole("button", { name: "Subscribe" }).click();
  await expect(bar.getByText("See you on Saturday.")).toBeVisible();
  await bar.getByRole("button", { name: "Close" }).click();
  await expect(bar).toBeHidden();
  expect((await submissions(request, ids.bar)).map((s) => s.contactEmail)).toEqual(["linus@gardeners.test"]);
  expect((await formRecord(request, ids.slide)).viewsCount).toBe(1);
});

test("the landing page has its meta tags and signs up with and without JavaScript", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await page.goto("/f/compost-course?utm_source=newsletter");
  await expect(page).toHaveTitle("Compost course: five free lessons");
  const meta = (sel: string) => page.locator(`meta[${sel}]`).getAttribute("content");
  expect(await meta('name="description"')).toBe("Learn to compost in five days.");
  expect(await meta('property="og:title"')).toBe("Compost course: five free lessons");
  expect(await meta('property="og:description"')).toBe("Learn to compost in five days.");
  expect(await meta('property="og:image"')).toBe("https://example.com/compost.png");
  // A page, not a bare card: the hero in the form's colours with the heading, the description and the image, the
  // form on its card below (beside the image on a wide screen, under it on a phone).
  const heading = page.getByRole("heading", { level: 1, name: "The compost course" });
  await expect(heading).toBeVisible();
  await expect(page.getByText("Five lessons, one a day.")).toBeVisible();
  const image = page.locator('img[src="https://example.com/compost.png"]');
  await expect(image).toHaveCount(1);
  const card = page.getByRole("region", { name: "The compost course" });
  await expect(card).toBeVisible();
  // embed.js took over the server-rendered form (one Email box, in its shadow root).
  const email = page.getByRole("textbox", { name: "Email" });
  await expect(email).toHaveCount(1);
  await expect.poll(() => page.locator("[data-sendwell-form]").evaluate((el) => !!el.shadowRoot)).toBe(true);
  const shown = Date.now(); // the render token is at most this old
  const box = async (l: typeof card) => (await l.boundingBox())!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const [h, i, c] = [await box(heading), await box(image), await box(card)];
    expect(c.y).toBeGreaterThan(h.y + h.height); // the form below the heading
    if (width === 1440)
      expect(i.x).toBeGreaterThan(h.x + h.width - 1); // the image beside the heading
    else expect(i.y).toBeGreaterThan(h.y + h.height); // under it on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await noSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/landing-page-${width}.png`, fullPage: true });
  }

  await email.fill("rosa@compost.test");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.waitForTimeout(Math.max(0, FILL_MS - (Date.now() - shown)));
  // The sign-up arrives but its answer is lost on the way back; pressed again, the token is spent (409): the embed
  // says so and fetches a fresh token, with which the next press (after the usual few seconds) goes through.
  await page.route(
    `**/api/forms/${ids.landing}/submissions`,
    async (route) => {
      await route.fetch();
      await route.abort();
    },
    { times: 1 },
  );
  const subscribe = page.getByRole("button", { name: "Subscribe" });
  await subscribe.click();
  await expect(page.getByRole("status")).toHaveText("Could not reach the server. Check your connection and try again.");
  const fresh = page.waitForResponse(`${appOrigin}/api/forms/${ids.landing}`);
  await subscribe.click();
  await expect(page.getByRole("status")).toHaveText(
    "This form was already submitted. To send it again, wait a few seconds and submit once more.",
  );
  expect((await fresh).status()).toBe(200);
  await page.waitForTimeout(FILL_MS);
  await subscribe.click();
  await expect(page.getByText("Lesson one is on its way.")).toBeVisible();
  await expect(page).toHaveURL(/\/f\/compost-course\?utm_source=newsletter$/);

  // Without JavaScript: the plain form posts, the server answers with the page again, ?submitted=1.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await noJs.goto("/f/compost-course");
  await noJs.getByRole("textbox", { name: "Email" }).fill("sam@compost.test");
  await noJs.getByRole("checkbox", { name: /I agree/ }).check();
  await noJs.waitForTimeout(FILL_MS);
  await noJs.getByRole("button", { name: "Subscribe" }).click();
  await expect(noJs).toHaveURL(/\/f\/compost-course\?submitted=1$/);
  await expect(noJs.getByRole("status")).toHaveText("Lesson one is on its way.");
  // A refusal comes back as a code and the fields to correct: the page says it in its own words and marks them.
  await noJs.goto("/f/compost-course?error=fields&field=email&field=nope");
  await expect(noJs.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  const refused = noJs.getByRole("textbox", { name: "Email" });
  await expect(refused).toHaveAttribute("aria-invalid", "true");
  await expect(refused).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
  await expect(noJs.getByRole("checkbox", { name: /I agree/ })).not.toHaveAttribute("aria-invalid", "true");
  await noJs.goto("/f/compost-course?error=used");
  await expect(noJs.getByRole("alert")).toHaveText("This form was already submitted. Reload the page to submit again.");
  // Text in the URL is never shown: anyone could make the sender's page say anything with a crafted link.
  await noJs.goto("/f/compost-course?error=Your%20account%20is%20locked.%20Call%20555-0100.");
  await expect(noJs.getByRole("alert")).toHaveCount(0);
  await expect(noJs.getByText("Your account is locked")).toHaveCount(0);
  // Replayed (the same page's token posted twice, like Back and Subscribe again): refused, then a fresh page works.
  await noJs.goto("/f/compost-course");
  const token = await noJs.locator('input[name="_t"]').inputValue();
  await noJs.waitForTimeout(FILL_MS);
  const post = (address: string) =>
    noJs.request.post(`/api/forms/${ids.landing}/submissions`, {
      form: { email: address, consent: "true", _t: token, _hp: "" },
      maxRedirects: 0,
    });
  expect((await post("kim@compost.test")).headers().location).toMatch(/\/f\/compost-course\?submitted=1$/);
  expect((await post("kim@compost.test")).headers().location).toMatch(/\/f\/compost-course\?error=used$/);
  await plain.close();

  const emails = (await submissions(request, ids.landing)).map((s) => s.contactEmail).sort();
  // Rosa twice: the sign-up whose answer was lost, and the one she sent again knowingly.
  expect(emails).toEqual(["kim@compost.test", "rosa@compost.test", "rosa@compost.test", "sam@compost.test"]);
  const [rosa] = (await submissions(request, ids.landing)).filter((s) => s.contactEmail === "rosa@compost.test");
  expect(rosa?.utmSource).toBe("newsletter");
});

test("custom fields take the input of their type and store typed values", async ({ page, request }) => {
  for (const data of [
    { key: "plot_m2", label: "Plot size", type: "number" },
    { key: "first_harvest", label: "First harvest", type: "date" },
    { key: "organic", label: "I garden organically", type: "boolean" },
  ]) {
    const res = await request.post("/api/v1/custom-fields", { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }
  ids.typed = await publishedForm(request, {
    name: "Embed typed fields",
    type: "inline",
    doubleOptIn: false,
    fields: [
      emailField,
      { type: "custom", name: "plot_m2", label: "Plot size" },
      { type: "custom", name: "first_harvest", label: "First harvest" },
      { type: "custom", name: "organic", label: "I garden organically" },
      { type: "custom", name: "garden_size", label: "Garden size" },
    ],
  });
  pages.typed = `<div data-sendwell-form="${ids.typed}"></div>${snippet(ids.typed)}`;
  await page.goto(`${siteUrl}/typed`);
  const plot = page.getByRole("spinbutton", { name: "Plot size" });
  await expect(plot).toBeVisible();
  const shown = Date.now();
  await expect(page.getByLabel("First harvest")).toHaveAttribute("type", "date");
  // A select field without options of its own offers every option of the custom field.
  await expect(page.getByRole("combobox", { name: "Garden size" }).locator("option")).toHaveText([
    "Choose\u2026",
    "Balcony",
    "Yard",
    "Farm",
  ]);
  await noSeriousViolations(page);
  await page.getByRole("textbox", { name: "Email" }).fill("ida@allotment.test");
  await plot.fill("12.5");
  await page.getByLabel("First harvest").fill("2026-06-01");
  await page.getByRole("checkbox", { name: "I garden organically" }).check();
  await page.getByRole("combobox", { name: "Garden size" }).selectOption("Farm");
  await page.waitForTimeout(Math.max(0, FILL_MS - (Date.now() - shown)));
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await expect
    .poll(async () => (await submissions(request, ids.typed))[0]?.data)
    .toEqual({
      email: "ida@allotment.test",
      plot_m2: 12.5,
      first_harvest: "2026-06-01",
      organic: true,
      garden_size: "Farm",
    });
});

test("the inline form's analytics: figures, six charts with their tables, a range that redraws them, axe clean", async ({
  browser,
  baseURL,
}) => {
  // The inline form has had two counted views and one sign-up, all today (UTC), from a desktop browser.
  const context = await browser.newContext({ baseURL, storageState: signedIn });
  const page = await context.newPage();
  await page.goto(`/forms/${ids.inline}/analytics`);
  const figures = page.getByTestId("form-key-figures");
  const tile = (label: string) => figures.locator("> div").filter({ has: page.getByText(label, { exact: true }) });
  await expect(tile("Views")).toContainText("2");
  await expect(tile("Submissions")).toContainText("1");
  await expect(tile("Conversion rate")).toContainText("50%");
  const analytics = page.getByTestId("form-analytics");
  for (const heading of [
    "Views over time",
    "Submissions over time",
    "Conversion trend",
    "Field completion",
    "Traffic sources",
    "Devices",
  ]) {
    await expect(analytics.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  // Each chart is one image with a name, and a (visually hidden) table carries its figures.
  for (const chart of [
    "Views per day",
    "Submissions per day",
    "Conversion rate per day",
    "Field completion",
    "Traffic sources",
    "Devices",
  ]) {
    await expect(analytics.getByRole("img", { name: new RegExp(`^${chart}`) })).toBeVisible();
  }
  const today = new Date().toISOString().slice(0, 10);
  const views = analytics.getByRole("table", { name: "Views per day" });
  await expect(views.getByRole("row")).toHaveCount(31);
  await expect(views.getByRole("row").last()).toHaveText(`${today}2`);
  await expect(analytics.getByRole("table", { name: "Conversion rate per day" }).getByRole("row").last()).toHaveText(
    `${today}50%`,
  );
  await expect(
    analytics.getByRole("table", { name: "Field completion" }).getByRole("row", { name: /^Email / }),
  ).toHaveText("Email100% · 1");
  await expect(analytics.getByRole("table", { name: "Devices" }).getByRole("row")).toHaveText([
    "DeviceSubmissions",
    "Desktop1 · 100%",
  ]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/form-analytics-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await noSeriousViolations(page);

  await page.getByRole("group", { name: "Date range" }).getByRole("button", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\?range=7d$/);
  await expect(views.getByRole("row")).toHaveCount(8);
  await expect(views.getByRole("row").last()).toHaveText(`${today}2`);
  await context.close();
});

test("unpublished: the embed renders nothing and the landing page is a 404; deleted: gone from the API", async ({
  page,
  request,
}) => {
  for (const id of [ids.inline, ids.landing])
    expect((await request.post(`/api/v1/forms/${id}/unpublish`, { headers })).status()).toBe(200);

  const warnings: string[] = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  const config = page.waitForResponse(`${appOrigin}/api/forms/${ids.inline}`);
  await page.goto(`${siteUrl}/inline`);
  expect((await config).status()).toBe(404);
  await expect.poll(() => warnings.join("\n")).toContain(`form ${ids.inline} is not published`);
  expect(await page.locator("[data-sendwell-form]").evaluate((el) => el.shadowRoot)).toBeNull();
  await expect(page.getByRole("textbox")).toHaveCount(0);

  const landing = await page.goto("/f/compost-course");
  expect(landing?.status()).toBe(404);

  // Deleted, these forms leave the workspace's Forms list as the next spec (the builder) expects to find it.
  for (const id of Object.values(ids)) {
    expect((await request.delete(`/api/v1/forms/${id}`, { headers })).status()).toBe(204);
    expect((await request.get(`/api/v1/forms/${id}`, { headers })).status()).toBe(404);
  }
});
