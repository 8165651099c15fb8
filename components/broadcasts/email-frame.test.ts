import { describe, expect, it } from "vitest";
import { withLinksInNewTab } from "./email-frame";

describe("withLinksInNewTab", () => {
  it("puts the base element first in the head, whatever its attributes", () => {
    expect(withLinksInNewTab('<html><head lang="en"><title>x</title></head><body></body></html>')).toBe(
      '<html><head lang="en"><base target="_blank"><title>x</title></head><body></body></html>',
    );
  });

  it("does not mistake a <header> for the head", () => {
    expect(withLinksInNewTab("<body><header>Hi</header></body>")).toBe(
      '<base target="_blank"><body><header>Hi</header></body>',
    );
  });

  it("prefixes a fragment without a head", () => {
    expect(withLinksInNewTab('<a href="https://x.test">x</a>')).toBe(
      '<base target="_blank"><a href="https://x.test">x</a>',
    );
  });
});
