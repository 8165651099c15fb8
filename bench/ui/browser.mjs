// The browser side of bench:ui: Playwright's Chromium (the one playwright.config.ts uses) against the production
// server. Times are taken inside the page (performance.now() counts from the navigation's start), so Playwright's
// own polling and protocol round trips are not in them.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const MARKERS = {
  composer: '[data-testid="composer"][data-composer-ready="true"]',
  report: '[data-testid="broadcast-report"][data-charts-ready="true"]',
};

// Runs in every page before its own scripts: notes when each marker first matches, from a MutationObserver (called
// right after the DOM change, not on a polling interval), and the delay of each keystroke to the frame after it.
function pageProbe(markers) {
  const bench = { marks: {}, keys: [] };
  window.__bench = bench;
  const check = () => {
    for (const [name, selector] of Object.entries(markers))
      if (bench.marks[name] === undefined && document.querySelector(selector)) bench.marks[name] = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  // keydown → the frame that shows it: event.timeStamp includes any wait for a busy main thread before the handler
  // ran; requestAnimationFrame runs before that frame's style, layout and paint, the task queued from it after them.
  document.addEventListener(
    "keydown",
    (event) => {
      if (!bench.recordKeys) return;
      const start = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => bench.keys.push(performance.now() - start), 0));
    },
    true,
  );
}

export async function launchBrowser() {
  const executablePath =
    process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
  return browser;
}

/** A context signed in as the bench's user: onboarding creates it on the fresh database, as a first visitor does. */
export async function onboard(browser, base, user) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(pageProbe, MARKERS);
  const page = await context.newPage();
  await page.goto("/onboarding");
  await page.getByLabel("Your name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("Workspace name").fill(user.workspace);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 60_000 });
  await page.close();
  return context;
}

/**
 * Opens `path` in a new page and resolves with the in-page time of `marker` (ms from the navigation's start) and
 * the navigation's own milestones. Throws a message saying what was there instead when the marker never comes.
 */
export async function timeToMarker(context, path, marker, { timeoutMs = 30_000 } = {}) {
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: "commit" });
    try {
      await page.waitForFunction((name) => window.__bench?.marks[name] !== undefined, marker, {
        timeout: timeoutMs,
        polling: 100,
      });
    } catch {
      throw new Error(await missingMarker(page, path, marker, timeoutMs));
    }
    const figures = await page.evaluate((name) => {
      const nav = performance.getEntriesByType("navigation")[0];
      return {
        ms: window.__bench.marks[name],
        responseStartMs: nav?.responseStart,
        domContentLoadedMs: nav?.domContentLoadedEventEnd,
      };
    }, marker);
    return { page, ...figures };
  } catch (error) {
    await page.close();
    throw error;
  }
}

async function missingMarker(page, path, marker, timeoutMs) {
  const [testid, attribute] =
    marker === "composer" ? ["composer", "data-composer-ready"] : ["broadcast-report", "data-charts-ready"];
  const state = await page
    .evaluate(
      ([id, attr]) => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        return {
          url: location.pathname,
          element: Boolean(el),
          value: el?.getAttribute(attr) ?? null,
          heading: document.querySelector("h1")?.textContent?.trim() ?? null,
          text: document.body?.innerText.replace(/\s+/g, " ").trim().slice(0, 160) ?? "",
        };
      },
      [testid, attribute],
    )
    .catch(() => null);
  const where = state
    ? `the page is at ${state.url} (h1: ${JSON.stringify(state.heading)}, text: ${JSON.stringify(state.text)}); ` +
      (state.element
        ? `[data-testid=${testid}] is there with ${attribute}=${JSON.stringify(state.value)}`
        : `there is no [data-testid=${testid}] element`)
    : "the page could not be read";
  return `${path}: ${MARKERS[marker]} did not appear within ${timeoutMs / 1000} s: ${where}`;
}

/**
 * Types `text` into a text block of the composer's canvas, one key every `delayMs` (a fast typist), and returns
 * each keystroke's delay to its frame. The block is chosen the way a person does: click it, then type at its end.
 */
export async function typeIntoTextBlock(page, text, delayMs) {
  const block = page.locator('[data-testid="composer"] [data-block-type="text"]');
  if ((await block.count()) === 0)
    throw new Error("no text block on the composer's canvas ([data-block-type=text] inside [data-testid=composer])");
  const target = block.nth(5);
  await target.scrollIntoViewIfNeeded();
  await target.click();
  const editor = target.locator('[contenteditable="true"]').first();
  try {
    await editor.waitFor({ timeout: 5_000 });
  } catch {
    throw new Error("a clicked text block on the canvas showed no [contenteditable=true] editor within 5 s");
  }
  // Focused without a second click (the selected block's toolbar sits over its top edge), the caret at the end.
  await editor.focus();
  await page.keyboard.press("ControlOrMeta+End");
  await page.evaluate(() => {
    window.__bench.keys = [];
    window.__bench.recordKeys = true;
  });
  await page.keyboard.type(text, { delay: delayMs });
  await page.waitForFunction((n) => window.__bench.keys.length >= n, text.length, { timeout: 10_000 });
  const keys = await page.evaluate(() => {
    window.__bench.recordKeys = false;
    return window.__bench.keys;
  });
  const typed = await editor.textContent();
  if (!typed?.includes(text.slice(-10)))
    throw new Error(`the typed text did not land in the editor (it reads ${JSON.stringify(typed?.slice(-60))})`);
  return keys;
}

/**
 * Follows the page's requests from now on; `quiet()` waits until none has been in flight for `quietMs` (autosave
 * done, so the next run does not open the broadcast while a save of this one is on its way), at most `maxMs`.
 */
export function trackRequests(page) {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight++;
    last = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    async quiet(quietMs = 1500, maxMs = 15_000) {
      const t0 = Date.now();
      while (Date.now() - t0 < maxMs && (inFlight > 0 || Date.now() - last < quietMs))
        await new Promise((r) => setTimeout(r, 100));
      page.off("request", start);
      page.off("requestfinished", end);
      page.off("requestfailed", end);
    },
  };
}
