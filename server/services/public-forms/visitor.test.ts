import { describe, expect, it } from "vitest";
import { trafficSource, utmSourceOf } from "./visitor";

describe("trafficSource", () => {
  it("prefers utm_source, then the referring host, else Direct", () => {
    const page = "https://shop.example/blog?utm_source=Newsletter&x=1";
    expect(utmSourceOf(page)).toBe("Newsletter");
    expect(trafficSource(utmSourceOf(page), "https://www.google.com/search", page)).toBe("newsletter");
    expect(trafficSource(null, "https://www.google.com/search?q=a", "https://shop.example/")).toBe("google.com");
    expect(trafficSource(null, "https://shop.example/other", "https://shop.example/")).toBe("Direct");
    expect(trafficSource(null, "not a url", null)).toBe("Direct");
    expect(utmSourceOf("::")).toBeNull();
  });
});
