import { describe, expect, it } from "vitest";
import { slugify } from "./create-workspace";

describe("slugify", () => {
  it.each([
    ["Acme Inc", "acme-inc"],
    ["  Café Crème!! ", "cafe-creme"],
    ["---", "workspace"],
    ["日本", "workspace"],
    ["a".repeat(60), "a".repeat(40)],
  ])("%s → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
