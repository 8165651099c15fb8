import { describe, expect, it } from "vitest";
import { parseSubscriptionStatus, splitTagNames } from "./import-cells";

describe("parseSubscriptionStatus", () => {
  it("reads the common spellings, ignoring case, spaces and dashes", () => {
    for (const v of ["subscribed", "Yes", "TRUE", "1", "Opted in", "opted-in", "opt_in", "y"]) {
      expect(parseSubscriptionStatus(v)).toBe("subscribed");
    }
    for (const v of ["Unsubscribed", "no", "False", "0", "opted out", "OPT-OUT", "n"]) {
      expect(parseSubscriptionStatus(v)).toBe("unsubscribed");
    }
  });

  it("answers null for anything else", () => {
    for (const v of ["maybe", "bounced", "2", "yess", ""]) expect(parseSubscriptionStatus(v)).toBeNull();
  });
});

describe("splitTagNames", () => {
  it("splits on commas and semicolons, trims, and keeps a name once whatever its case", () => {
    expect(splitTagNames(" VIP; newsletter ,vip;; Newsletter ,")).toEqual({
      names: ["VIP", "newsletter"],
      tooLong: [],
    });
  });

  it("sets names over 100 characters apart", () => {
    const long = "x".repeat(101);
    expect(splitTagNames(`a, ${long}, ${"y".repeat(100)}`)).toEqual({ names: ["a", "y".repeat(100)], tooLong: [long] });
  });
});
