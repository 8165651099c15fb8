import { describe, expect, it } from "vitest";
import { deviceOf } from "./user-agent";

const IPHONE_MAIL =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const GMAIL_PROXY = "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
const YAHOO_PROXY = "YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html";

describe("deviceOf", () => {
  it.each([
    [IPHONE_MAIL, "Mobile"],
    [ANDROID_PHONE, "Mobile"],
    [IPAD, "Tablet"],
    [ANDROID_TABLET, "Tablet"],
    [CHROME_WINDOWS, "Desktop"],
    [SAFARI_MAC, "Desktop"],
    [GMAIL_PROXY, "Other"],
    [YAHOO_PROXY, "Other"],
    ["Mozilla/5.0", "Other"],
    ["", "Other"],
  ] as const)("%j → %s", (ua, expected) => {
    expect(deviceOf(ua)).toBe(expected);
  });
});
