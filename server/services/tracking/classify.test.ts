import { describe, expect, it } from "vitest";
import { classifyHit, classifyUserAgent, isPrefetch } from "./classify";

const IPHONE_MAIL =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const GMAIL_PROXY = "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
const YAHOO_PROXY = "YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html";

describe("classifyUserAgent", () => {
  it.each([
    ["Mozilla/5.0", "mpp"],
    [" Mozilla/5.0 ", "mpp"],
    [IPHONE_MAIL, "human"],
    [CHROME_WINDOWS, "human"],
    [SAFARI_MAC, "human"],
    [GMAIL_PROXY, "human"],
    [YAHOO_PROXY, "human"],
    ["Mozilla/5.0 (compatible; Barracuda Sentinel)", "machine"],
    ["Mimecast-URL-Protect/1.0", "machine"],
    ["Proofpoint URL Defense", "machine"],
    ["Mozilla/5.0 (Windows NT 10.0) Microsoft SafeLinks preview", "machine"],
    ["Mozilla/5.0 (compatible; BingPreview/1.0b)", "machine"],
    ["Microsoft Office Existence Discovery", "machine"],
    ["python-requests/2.31.0", "machine"],
    ["curl/8.5.0", "machine"],
    ["Wget/1.21", "machine"],
    ["Go-http-client/1.1", "machine"],
    ["Java/17.0.2", "machine"],
    ["okhttp/4.12.0", "machine"],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36",
      "machine",
    ],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "machine"],
    ["facebookexternalhit/1.1", "machine"],
    ["", "machine"],
    [null, "machine"],
  ] as const)("%j → %s", (ua, expected) => {
    expect(classifyUserAgent(ua)).toBe(expected);
  });
});

describe("prefetch within 2 s of the send", () => {
  const sentAt = new Date("2026-11-23T10:00:00.000Z");
  it.each([
    [0, true],
    [1_999, true],
    [2_000, false],
    [60_000, false],
  ])("%d ms after the send: prefetch %s", (ms, expected) => {
    expect(isPrefetch(new Date(sentAt.getTime() + ms), sentAt)).toBe(expected);
  });

  it("turns human and MPP hits into machine hits, and never the other way", () => {
    const soon = new Date(sentAt.getTime() + 500);
    const later = new Date(sentAt.getTime() + 5_000);
    expect(classifyHit(CHROME_WINDOWS, soon, sentAt)).toBe("machine");
    expect(classifyHit("Mozilla/5.0", soon, sentAt)).toBe("machine");
    expect(classifyHit(CHROME_WINDOWS, later, sentAt)).toBe("human");
    expect(classifyHit("Mozilla/5.0", later, sentAt)).toBe("mpp");
    expect(classifyHit("curl/8.5.0", later, sentAt)).toBe("machine");
    expect(classifyHit(CHROME_WINDOWS, soon, null)).toBe("human");
  });
});
