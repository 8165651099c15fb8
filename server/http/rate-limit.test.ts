// The arithmetic of a group of takes counted by one statement, and the headers. Windows, costs and sharing against
// the database: tests/integration/rate-limit.test.ts.
import { describe, expect, it } from "vitest";
import { batchAnswers, rateLimitHeaders } from "./rate-limit";

describe("takes counted together", () => {
  it("answers each take as if it had been counted alone, in arrival order", () => {
    // A limit of 3, one unit already taken; four takes arrive together: two fit.
    const answers = batchAnswers({ takes: 4, units: 1, limit: 3, count: 3, taken: 2, resetMs: 42_000 });
    expect(answers.map((a) => a.allowed)).toEqual([true, true, false, false]);
    expect(answers.map((a) => a.remaining)).toEqual([1, 0, 0, 0]);
    expect(answers.every((a) => a.limit === 3 && a.resetSeconds === 42)).toBe(true);
  });

  it("counts `cost` units per take, and a refused take leaves what remains", () => {
    const answers = batchAnswers({ takes: 3, units: 4, limit: 10, count: 9, taken: 2, resetMs: 100 });
    expect(answers).toEqual([
      { allowed: true, limit: 10, remaining: 5, resetSeconds: 1 },
      { allowed: true, limit: 10, remaining: 1, resetSeconds: 1 },
      { allowed: false, limit: 10, remaining: 1, resetSeconds: 1 },
    ]);
  });
});

describe("RateLimit headers", () => {
  it("say the limit, what remains and the whole seconds until reset", () => {
    expect(rateLimitHeaders({ allowed: true, limit: 10, remaining: 9, resetSeconds: 60 })).toEqual({
      "RateLimit-Limit": "10",
      "RateLimit-Remaining": "9",
      "RateLimit-Reset": "60",
    });
  });
});
