import { describe, expect, it } from "vitest";
import { LinkCache } from "./link-cache";

const link = (n: number) => ({ broadcastId: `b${n}`, url: `https://example.com/${n}`, personal: false });

describe("LinkCache", () => {
  it("holds at most its capacity, dropping the least recently used link first", () => {
    const cache = new LinkCache(3);
    for (const n of [1, 2, 3]) cache.set(String(n), link(n));
    expect(cache.get("1")).toEqual(link(1)); // 1 is now the most recently used
    cache.set("4", link(4));
    expect(cache.size).toBe(3);
    expect(cache.get("2")).toBeUndefined();
    expect(cache.get("1")).toEqual(link(1));
    expect(cache.get("3")).toEqual(link(3));
    expect(cache.get("4")).toEqual(link(4));
  });

  it("stays at its capacity under a stream of distinct links", () => {
    const cache = new LinkCache(100);
    for (let n = 0; n < 10_000; n++) cache.set(String(n), link(n));
    expect(cache.size).toBe(100);
    expect(cache.get("9999")).toEqual(link(9999));
    expect(cache.get("9899")).toBeUndefined();
  });

  it("keeps one entry per link when it is set again", () => {
    const cache = new LinkCache(2);
    cache.set("1", link(1));
    cache.set("1", link(1));
    cache.set("2", link(2));
    expect(cache.size).toBe(2);
    expect(cache.get("1")).toEqual(link(1));
  });
});
