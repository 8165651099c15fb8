import { afterEach, describe, expect, it } from "vitest";
import { rateLimitHeaders, takeToken } from "./rate-limit";

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
});

describe("per-key rate limit", () => {
  it("allows up to the limit in a window, then refuses until the window resets", () => {
    process.env.API_RATE_LIMIT = "3";
    const t0 = 1_000_000;
    const results = [0, 1, 2, 3].map((i) => takeToken("key-a", t0 + i));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(takeToken("key-b", t0).allowed).toBe(true);
    expect(takeToken("key-a", t0 + 60_000).allowed).toBe(true);
  });

  it("reports the seconds until reset in RateLimit headers", () => {
    process.env.API_RATE_LIMIT = "10";
    const r = takeToken("key-c", 5_000_000);
    expect(rateLimitHeaders(r)).toEqual({
      "RateLimit-Limit": "10",
      "RateLimit-Remaining": "9",
      "RateLimit-Reset": "60",
    });
    expect(takeToken("key-c", 5_000_000 + 59_500).resetSeconds).toBe(1);
  });

  it("takes `cost` units at once, and a refused request takes nothing", () => {
    const opts = { limit: 10, windowMs: 3_600_000 };
    const t0 = 9_000_000;
    expect(takeToken("tests-a", t0, { ...opts, cost: 5 }).remaining).toBe(5);
    expect(takeToken("tests-a", t0, { ...opts, cost: 4 }).remaining).toBe(1);
    const refused = takeToken("tests-a", t0, { ...opts, cost: 2 });
    expect(refused).toMatchObject({ allowed: false, remaining: 1 });
    expect(takeToken("tests-a", t0, { ...opts, cost: 1 })).toMatchObject({ allowed: true, remaining: 0 });
  });
});
