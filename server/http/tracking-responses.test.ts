import { describe, expect, it } from "vitest";
import { redirectResponse } from "./tracking-responses";

describe("redirectResponse", () => {
  it("sends a recorded link with non-ASCII characters percent-encoded (a header cannot carry them)", () => {
    expect(redirectResponse("https://shop.example/€?q=日本").headers.get("location")).toBe(
      "https://shop.example/%E2%82%AC?q=%E6%97%A5%E6%9C%AC",
    );
    expect(redirectResponse("https://exämple.com/a").headers.get("location")).toBe("https://xn--exmple-cua.com/a");
    expect(redirectResponse("mailto:hé@example.com?subject=日本").headers.get("location")).toMatch(/^mailto:h%C3%A9@/);
    expect(redirectResponse("https://example.com/plain?x=1").headers.get("location")).toBe(
      "https://example.com/plain?x=1",
    );
  });
});
