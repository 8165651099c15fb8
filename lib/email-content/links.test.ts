import { describe, expect, it } from "vitest";
import { fallbackLinkUrl, isSafeLinkUrl, linkUrlProblem } from "./links";

describe("linkUrlProblem: merge tags fill a link's path, query and fragment, never where it goes", () => {
  it.each([
    "https://shop.example/",
    "https://shop.example/p/{{company|home}}",
    "https://shop.example?ref={{email}}",
    "https://shop.example#{{firstName}}",
    "https://user:pw@shop.example:8443/{{x}}",
    "HTTPS://SHOP.EXAMPLE/{{x}}",
    "mailto:{{email}}",
    "mailto:team@shop.example?subject={{firstName|Hello}}",
  ])("accepts %s", (url) => {
    expect(linkUrlProblem(url)).toBeNull();
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each([
    ["the host", "https://{{website|shop.example}}/"],
    ["the host, without a path", "https://{{website}}"],
    ["part of the host", "https://shop.{{tld|example}}/"],
    ["the end of the host", "https://shop.example{{x}}/"],
    ["a host without a path after it", "https://shop.example{{path}}"],
    ["the port", "https://shop.example:{{port|443}}/"],
    ["the userinfo", "https://{{user}}@shop.example/"],
    ["the scheme", "{{scheme|https}}://shop.example/"],
    ["part of the scheme", "http{{s|s}}://shop.example/"],
    ["the whole URL", "{{website}}"],
    ["the mailto: scheme", "mail{{to}}:a@shop.example"],
  ])("refuses a merge tag in %s", (_, url) => {
    expect(linkUrlProblem(url)).toBe("merge-tag-in-origin");
    expect(isSafeLinkUrl(url)).toBe(false);
  });

  it.each(["javascript:alert(1)", "ftp://x.example/{{a}}", "https://", "//shop.example/", "https://a b.example/", ""])(
    "calls %j invalid",
    (url) => expect(linkUrlProblem(url)).toBe("invalid"),
  );
});

describe("fallbackLinkUrl", () => {
  it("puts every tag at its fallback, URL-encoded, or empty", () => {
    expect(fallbackLinkUrl("https://{{website|shop.example}}/p?e={{email}}&n={{firstName| a&b }}")).toBe(
      "https://shop.example/p?e=&n=a%26b",
    );
  });
});
