import { describe, expect, it } from "vitest";
import { fieldKeyFromLabel, guessFieldType } from "./guess-field-type";

describe("guessFieldType", () => {
  it("picks the narrowest type all non-blank values fit", () => {
    expect(guessFieldType(["Yes", "no", "", "TRUE"])).toBe("boolean");
    expect(guessFieldType(["1", "0", "12.5", "-3", undefined])).toBe("number");
    expect(guessFieldType(["2026-01-31", "2025-12-01T10:00:00Z"])).toBe("date");
    expect(guessFieldType(["yes", "3"])).toBe("text");
    expect(guessFieldType(["31/01/2026"])).toBe("text");
    expect(guessFieldType(["", "  "])).toBe("text");
  });
});

describe("fieldKeyFromLabel", () => {
  it("derives a key the custom-field API accepts", () => {
    expect(fieldKeyFromLabel("Wholesale account")).toBe("wholesale_account");
    expect(fieldKeyFromLabel("Café — Region")).toBe("cafe_region");
    expect(fieldKeyFromLabel("2FA")).toBe("f_2fa");
    expect(fieldKeyFromLabel("!!!")).toBe("");
    expect(fieldKeyFromLabel("x".repeat(60))).toHaveLength(50);
  });
});
