import { describe, expect, it } from "vitest";
import { ZFooterStyles } from "@/lib/schemas/blocks";
import { THEME_TOKENS } from "@/lib/email-content/themes";
import { clampFontSize, footerLook, normaliseHex, patchFooter } from "./footer-style";

describe("the footer as shown", () => {
  it("follows the theme while untouched, the marketer's choice once set", () => {
    expect(footerLook("dark", {})).toEqual({
      backgroundColor: THEME_TOKENS.dark.footerBackground,
      textColor: THEME_TOKENS.dark.footerText,
      linkColor: THEME_TOKENS.dark.footerText,
      fontSize: 12,
      align: "center",
    });
    expect(footerLook("default", { textColor: "#123456", align: "left" })).toMatchObject({
      textColor: "#123456",
      linkColor: "#123456",
      align: "left",
      backgroundColor: THEME_TOKENS.default.footerBackground,
    });
  });
});

describe("changing the footer", () => {
  it("sets values and drops the ones given back to the theme, staying valid", () => {
    const set = patchFooter({}, { backgroundColor: "#ffffff", fontSize: 14, text: "Thanks for reading" });
    expect(set).toEqual({ backgroundColor: "#ffffff", fontSize: 14, text: "Thanks for reading" });
    const back = patchFooter(set, { backgroundColor: undefined, text: "" });
    expect(back).toEqual({ fontSize: 14 });
    expect(ZFooterStyles.safeParse(back).success).toBe(true);
  });

  it("completes pasted colours and refuses what is not one", () => {
    expect(normaliseHex("#ABC")).toBe("#aabbcc");
    expect(normaliseHex("4F46E5")).toBe("#4f46e5");
    expect(normaliseHex(" #4f46e5 ")).toBe("#4f46e5");
    expect(normaliseHex("#12")).toBeNull();
    expect(normaliseHex("red")).toBeNull();
  });

  it("keeps the font size within 10–18 px", () => {
    expect([8, 10, 13.6, 18, 40, Number.NaN].map(clampFontSize)).toEqual([10, 10, 14, 18, 18, 12]);
  });
});
