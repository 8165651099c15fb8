import { describe, expect, it } from "vitest";
import { customRangeProblem, rangeFromParams, rangeLabel, rangeQuery, rangeSearch } from "./range";

describe("rangeFromParams", () => {
  it("reads presets and complete custom ranges", () => {
    expect(rangeFromParams({ range: "7d" })).toEqual({ range: "7d" });
    expect(rangeFromParams({ range: "1y" })).toEqual({ range: "1y" });
    expect(rangeFromParams({ range: "custom", from: "2026-01-01", to: "2026-01-31" })).toEqual({
      range: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
  });

  it("falls back to 30 days for anything else", () => {
    for (const params of [
      {},
      { range: "2w" },
      { range: ["7d", "30d"] },
      { range: "custom", from: "2026-01-31", to: "2026-01-01" },
      { range: "custom", from: "2026-01-01" },
      { range: "custom", from: "yesterday", to: "2026-01-01" },
    ]) {
      expect(rangeFromParams(params)).toEqual({ range: "30d" });
    }
  });

  it("round-trips through the URL", () => {
    for (const r of [{ range: "90d" } as const, { range: "custom", from: "2026-02-03", to: "2026-02-03" } as const]) {
      const params = Object.fromEntries(new URLSearchParams(rangeSearch(r)));
      expect(rangeFromParams(params)).toEqual(r);
    }
    expect(rangeSearch({ range: "30d" })).toBe("");
  });
});

describe("rangeQuery, rangeLabel, customRangeProblem", () => {
  it("passes custom bounds only with a custom range", () => {
    expect(rangeQuery({ range: "7d" })).toEqual({ range: "7d" });
    expect(rangeQuery({ range: "custom", from: "2026-01-01", to: "2026-01-02" })).toEqual({
      range: "custom",
      from: "2026-01-01",
      to: "2026-01-02",
    });
  });

  it("names the range", () => {
    expect(rangeLabel({ range: "1y" })).toBe("Last 12 months");
    expect(rangeLabel({ range: "custom", from: "2026-03-01", to: "2026-03-20" })).toBe("Mar 1, 2026 – Mar 20, 2026");
    expect(rangeLabel({ range: "custom", from: "2026-03-01", to: "2026-03-01" })).toBe("Mar 1, 2026");
  });

  it("explains an unusable custom range", () => {
    expect(customRangeProblem("", "2026-01-01")).toBe("Pick both days.");
    expect(customRangeProblem("2026-01-02", "2026-01-01")).toBe("The last day must not be before the first.");
    expect(customRangeProblem("2026-01-01", "2026-01-01")).toBeNull();
  });
});
