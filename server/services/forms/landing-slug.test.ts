import { describe, expect, it } from "vitest";
import { LANDING_SLUG } from "@/lib/schemas/forms";
import { planSlug, slugBase } from "./landing-slug";

describe("slugBase", () => {
  it.each([
    ["Spring Offer", "spring-offer"],
    ["  Café Crème!! 2026 ", "cafe-creme-2026"],
    ["---", "form"],
    ["日本語のフォーム", "form"],
    ["a".repeat(100), "a".repeat(60)],
    [`${"a".repeat(59)} b`, "a".repeat(59)],
  ])("%s → %s, a valid slug", (name, slug) => {
    expect(slugBase(name)).toBe(slug);
    expect(slugBase(name)).toMatch(LANDING_SLUG);
  });
});

describe("planSlug", () => {
  const current = { slug: "old", title: "Old" };
  it("leaves meta alone when not sent, unless a landing page lacks a slug", () => {
    expect(planSlug({ type: "inline", name: "N", input: undefined, current: null })).toBeUndefined();
    expect(planSlug({ type: "landing_page", name: "N", input: undefined, current })).toBeUndefined();
    expect(planSlug({ type: "landing_page", name: "N", input: undefined, current: null })).toEqual({
      meta: { slug: "" },
      generatedFrom: "N",
    });
  });

  it("keeps the current slug when the sent meta has none, takes a sent one", () => {
    expect(planSlug({ type: "landing_page", name: "N", input: { title: "T" }, current })).toEqual({
      meta: { title: "T", slug: "old" },
    });
    expect(planSlug({ type: "inline", name: "N", input: { slug: "new" }, current })).toEqual({
      meta: { slug: "new" },
    });
    expect(planSlug({ type: "popup", name: "N", input: { title: "T" }, current: null })).toEqual({
      meta: { title: "T", slug: "" },
      generatedFrom: "N",
    });
  });

  it("clears meta on null, except that a landing page keeps (or gets) its slug", () => {
    expect(planSlug({ type: "inline", name: "N", input: null, current })).toEqual({ meta: null });
    expect(planSlug({ type: "landing_page", name: "N", input: null, current })).toEqual({ meta: { slug: "old" } });
    expect(planSlug({ type: "landing_page", name: "N", input: null, current: null })).toEqual({
      meta: { slug: "" },
      generatedFrom: "N",
    });
  });
});
