import { describe, expect, it } from "vitest";
import { abSplit, testGroupSize } from "./ab-split";

describe("the A/B split", () => {
  it("tests round(share × audience) contacts, halves up", () => {
    expect(testGroupSize(140, 40)).toBe(56);
    expect(testGroupSize(140, 20)).toBe(28);
    expect(testGroupSize(10, 25)).toBe(3); // 2.5
    expect(testGroupSize(10, 24)).toBe(2); // 2.4
    expect(testGroupSize(0, 40)).toBe(0);
  });

  it("gives each variant its round-robin share and the rest the winner", () => {
    expect(abSplit(140, 40, 2)).toEqual({ perVariant: [28, 28], rest: 84 });
    expect(abSplit(100, 25, 3)).toEqual({ perVariant: [9, 8, 8], rest: 75 });
  });
});
