import { describe, expect, it } from "vitest";
import { formatDay, percentOf } from "./format";

describe("percentOf and formatDay", () => {
  it("rounds to two decimals and is 0 without a whole", () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(5, 0)).toBe(0);
  });

  it("formats a UTC day whatever the machine's zone", () => {
    expect(formatDay("2026-03-04")).toBe("Mar 4");
    expect(formatDay("2026-03-04", true)).toBe("Mar 2026");
    expect(formatDay("nonsense")).toBe("nonsense");
  });
});
