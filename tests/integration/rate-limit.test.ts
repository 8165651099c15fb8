// The shared rate limiter against the database: fixed windows decided by the database's clock, `cost` units, a
// refused take takes nothing, concurrent takes of one key never exceed the limit, and ended windows are pruned.
// (Across processes: rate-limit-processes.test.ts.)
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { pruneRateLimitWindows, rateLimitHeaders, takeToken } from "@/server/http/rate-limit";

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
});

const key = (name: string) => `test:${name}:${randomUUID()}`;
/** Moves the key's window end (instead of waiting for it): `ms` from the database's now, negative for the past. */
const endWindowIn = (k: string, ms: number) =>
  sql(`UPDATE "RateLimitWindow" SET "resetAt" = now() + $2::int * interval '1 millisecond' WHERE "key" = $1`, [k, ms]);

describe("shared per-key rate limit", () => {
  it("allows up to the limit in a window, then refuses until the window resets", async () => {
    process.env.API_RATE_LIMIT = "3";
    const [a, b] = [key("a"), key("b")];
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await takeToken(a));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect((await takeToken(b)).allowed).toBe(true);
    await endWindowIn(a, -1);
    expect(await takeToken(a)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("reports the seconds until reset in RateLimit headers", async () => {
    process.env.API_RATE_LIMIT = "10";
    const c = key("c");
    expect(rateLimitHeaders(await takeToken(c))).toEqual({
      "RateLimit-Limit": "10",
      "RateLimit-Remaining": "9",
      "RateLimit-Reset": "60",
    });
    await endWindowIn(c, 500);
    expect((await takeToken(c)).resetSeconds).toBe(1);
  });

  it("takes `cost` units at once, and a refused request takes nothing", async () => {
    const opts = { limit: 10, windowMs: 3_600_000 };
    const t = key("tests");
    expect((await takeToken(t, { ...opts, cost: 5 })).remaining).toBe(5);
    expect((await takeToken(t, { ...opts, cost: 4 })).remaining).toBe(1);
    expect(await takeToken(t, { ...opts, cost: 2 })).toMatchObject({ allowed: false, remaining: 1 });
    expect(await takeToken(t, { ...opts, cost: 1 })).toMatchObject({ allowed: true, remaining: 0 });
    // More than the whole limit at once is refused and takes nothing, also as a window's first take.
    const big = key("big");
    expect(await takeToken(big, { ...opts, cost: 11 })).toMatchObject({ allowed: false, remaining: 10 });
    expect(await takeToken(big, { ...opts, cost: 10 })).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("gives 50 concurrent takes of one key exactly the limit, each a distinct remaining count", async () => {
    const k = key("burst");
    const results = await Promise.all(Array.from({ length: 50 }, () => takeToken(k, { limit: 20, windowMs: 60_000 })));
    const allowed = results.filter((r) => r.allowed);
    expect(allowed).toHaveLength(20);
    expect(allowed.map((r) => r.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((r) => !r.allowed).every((r) => r.remaining === 0)).toBe(true);
    const [row] = await sql<{ count: number }>(`SELECT "count" FROM "RateLimitWindow" WHERE "key" = $1`, [k]);
    expect(row?.count).toBe(20);
  });

  it("prunes windows that ended and keeps running ones", async () => {
    const [ended, running] = [key("ended"), key("running")];
    await takeToken(ended, { limit: 5, windowMs: 60_000 });
    await takeToken(running, { limit: 5, windowMs: 60_000 });
    await endWindowIn(ended, -1);
    expect(await pruneRateLimitWindows()).toBeGreaterThanOrEqual(1);
    const rows = await sql<{ key: string }>(`SELECT "key" FROM "RateLimitWindow" WHERE "key" = any($1::text[])`, [
      [ended, running],
    ]);
    expect(rows.map((r) => r.key)).toEqual([running]);
  });
});
