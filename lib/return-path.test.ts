import { describe, expect, it } from "vitest";
import { safeReturnPath, sameOriginPath } from "./return-path";

const APP = "https://mail.example.com";

/** Where a browser at APP would actually go when sent to `path` (what a redirect or router.replace does). */
const landsOn = (path: string) => new URL(path, `${APP}/signin`).origin;

describe("sameOriginPath", () => {
  it.each([
    ["/", "/"],
    ["/contacts", "/contacts"],
    ["/invite/abc_DEF-123", "/invite/abc_DEF-123"],
    ["/broadcasts?status=sent#top", "/broadcasts?status=sent#top"],
    ["https://mail.example.com/contacts?x=1", "/contacts?x=1"],
    ["HTTPS://MAIL.EXAMPLE.COM:443/contacts", "/contacts"],
    ["https://someone@mail.example.com/contacts", "/contacts"],
    ["contacts", "/contacts"],
    ["/%5Cevil.example/x", "/%5Cevil.example/x"], // still encoded: a path on this site, not a host
    ["/a/../contacts", "/contacts"],
    ["https:evil.example", "/evil.example"], // same scheme, no slashes: a relative path, as a browser reads it too
  ])("keeps %j as %j", (value, path) => {
    expect(sameOriginPath(value, APP)).toBe(path);
    expect(landsOn(path)).toBe(APP);
  });

  it.each([
    // Backslashes: browsers read them as slashes.
    "/\\evil.example/x",
    "\\\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    "/\\\\evil.example",
    // Protocol-relative, and encoded slashes once the query string is decoded.
    "//evil.example",
    "///evil.example",
    "//evil.example/%2F..",
    decodeURIComponent("/%2F/evil.example"),
    decodeURIComponent("/%2F%2Fevil.example"),
    // Tabs, newlines and other controls the URL parser drops or trims.
    "/\t/evil.example",
    decodeURIComponent("/%09/evil.example"),
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\u0000/evil",
    " //evil.example",
    "/.//evil.example",
    "/..//evil.example",
    // Other origins and schemes.
    "https://evil.example",
    "http://mail.example.com/contacts", // http is another origin than https
    "https://mail.example.com:8443/contacts",
    "https://mail.example.com.evil.example/",
    "https://mail.example.com@evil.example/",
    "https://mail.example.com%40evil.example/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "mailto:someone@example.com",
    // Not strings, empty, or too long.
    "",
    undefined,
    null,
    42,
    ["/contacts"],
    { href: "/contacts" },
    `/${"a".repeat(2048)}`,
  ])("refuses %j", (value) => {
    expect(sameOriginPath(value, APP)).toBeNull();
  });

  it("parses against the app's origin only, whatever path the app URL has", () => {
    expect(sameOriginPath("/contacts", "http://localhost:3000/signin")).toBe("/contacts");
    expect(sameOriginPath("http://localhost:3000/x", "http://localhost:3000")).toBe("/x");
    expect(sameOriginPath("http://127.0.0.1:3000/x", "http://localhost:3000")).toBeNull();
  });

  it("refuses everything when the app's own URL is not one", () => {
    expect(sameOriginPath("/contacts", "not a url")).toBeNull();
  });
});

describe("safeReturnPath", () => {
  it("falls back when the value is refused", () => {
    expect(safeReturnPath("/\\evil.example", APP)).toBe("/");
    expect(safeReturnPath("https://evil.example", APP, "/signin")).toBe("/signin");
    expect(safeReturnPath("/contacts", APP, "/signin")).toBe("/contacts");
  });
});
