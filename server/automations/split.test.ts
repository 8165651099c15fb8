import { describe, expect, it } from "vitest";
import { splitBranch } from "./split";

describe("splitBranch", () => {
  it("is stable per run and step", () => {
    for (let i = 0; i < 50; i++)
      expect(splitBranch(String(i), "s", [50, 50])).toBe(splitBranch(String(i), "s", [50, 50]));
  });
  it("follows the percentages over many runs", () => {
    const counts = [0, 0, 0];
    for (let i = 1; i <= 10_000; i++) counts[splitBranch(String(i), "split-1", [20, 30, 50])]!++;
    expect(counts[0]! / 10_000).toBeCloseTo(0.2, 1);
    expect(counts[1]! / 10_000).toBeCloseTo(0.3, 1);
    expect(counts[2]! / 10_000).toBeCloseTo(0.5, 1);
  });
});
