import { describe, expect, it } from "vitest";
import { areaPath, formatDay, labelIndexes, linePath, niceScale, percentOf, xOf, yOf } from "./scale";

describe("niceScale", () => {
  it.each([
    [0, 1, [0, 0.25, 0.5, 0.75, 1]],
    [4, 4, [0, 1, 2, 3, 4]],
    [7, 8, [0, 2, 4, 6, 8]],
    [9, 10, [0, 2.5, 5, 7.5, 10]],
    [240, 300, [0, 100, 200, 300]],
    [1000, 1000, [0, 250, 500, 750, 1000]],
    [1234, 1500, [0, 500, 1000, 1500]],
  ])("max %d → top %d", (max, top, ticks) => {
    const scale = niceScale(max);
    expect(scale.top).toBe(top);
    expect(scale.ticks).toEqual(ticks);
  });

  it("never goes below the maximum and stays within a few ticks", () => {
    for (const max of [0.3, 1.7, 3, 12, 99, 101, 555, 73_456, 1_000_001]) {
      const { top, ticks, step } = niceScale(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(top - step).toBeLessThan(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.length - 1).toBeLessThanOrEqual(4);
    }
  });

  it("steps by whole numbers on count axes", () => {
    expect(niceScale(3, { integer: true }).ticks).toEqual([0, 1, 2, 3]);
    expect(niceScale(0, { integer: true }).ticks).toEqual([0, 1]);
    expect(niceScale(9, { integer: true }).ticks.every(Number.isInteger)).toBe(true);
  });

  it("keeps float noise out of percent ticks", () => {
    expect(niceScale(0.3).ticks).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceScale(2.2).ticks).toEqual([0, 1, 2, 3]);
  });
});

describe("labelIndexes", () => {
  it("labels every point of a short series", () => {
    expect(labelIndexes(5)).toEqual([0, 1, 2, 3, 4]);
    expect(labelIndexes(0)).toEqual([]);
    expect(labelIndexes(1)).toEqual([0]);
  });

  it("labels a month with at most seven evenly spaced days, first and last included", () => {
    const picked = labelIndexes(30);
    expect(picked).toEqual([0, 5, 10, 15, 20, 29]);
    expect(picked.length).toBeLessThanOrEqual(7);
  });

  it("keeps the last label clear of the one before it", () => {
    for (const n of [8, 31, 90, 91, 365, 366]) {
      const picked = labelIndexes(n);
      expect(picked[0]).toBe(0);
      expect(picked.at(-1)).toBe(n - 1);
      expect(picked.length).toBeLessThanOrEqual(7);
      const gap = picked[1]! - picked[0]!;
      expect(picked.at(-1)! - picked.at(-2)!).toBeGreaterThanOrEqual(gap);
      expect(picked.at(-1)! - picked.at(-2)!).toBeLessThan(2 * gap);
    }
  });
});

describe("coordinates and paths", () => {
  it("maps values bottom-up and points across the width", () => {
    expect(yOf(0, 10, 5, 100)).toBe(105);
    expect(yOf(10, 10, 5, 100)).toBe(5);
    expect(yOf(-3, 10, 5, 100)).toBe(105);
    expect(xOf(0, 3, 40, 200)).toBe(40);
    expect(xOf(2, 3, 40, 200)).toBe(240);
    expect(xOf(0, 1, 40, 200)).toBe(140);
  });

  it("draws a line and closes its area at the baseline", () => {
    const pts = [
      { x: 0, y: 10 },
      { x: 5.06, y: 2.04 },
    ];
    expect(linePath(pts)).toBe("M0 10L5.1 2");
    expect(areaPath(pts, 20)).toBe("M0 10L5.1 2L5.1 20L0 20Z");
    expect(areaPath([], 20)).toBe("");
  });
});

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
