import { describe, expect, it } from "vitest";
import { formatFrom, maskEmail } from "./email-address";

describe("formatFrom", () => {
  it("quotes the name, escaping quotes and backslashes, and folds line breaks", () => {
    expect(formatFrom(null, "news@example.com")).toBe("news@example.com");
    expect(formatFrom("", "news@example.com")).toBe("news@example.com");
    expect(formatFrom("Acme", "news@example.com")).toBe('"Acme" <news@example.com>');
    expect(formatFrom('Ann "The" \\ Co', "a@example.com")).toBe('"Ann \\"The\\" \\\\ Co" <a@example.com>');
    expect(formatFrom("Line\r\nBcc: x", "a@example.com")).toBe('"Line Bcc: x" <a@example.com>');
  });
});

describe("maskEmail", () => {
  it("masks the address enough not to hand it to whoever holds the link", () => {
    expect(maskEmail("ann@example.com")).toBe("a**@example.com");
    expect(maskEmail("jo@example.com")).toBe("j**@example.com");
    expect(maskEmail("averyveryverylongname@example.com")).toBe("a********@example.com");
  });
});
