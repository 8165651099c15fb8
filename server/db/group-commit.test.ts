import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit";

/** A write whose statements the test finishes by hand, in any order. */
function controlledWrite() {
  const calls: { items: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ items, finish: () => resolve(items.map((i) => `done ${i}`)), fail: reject });
    });
  return { calls, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("groupCommit", () => {
  it("writes at once when idle, with no timer: the items of one tick share a statement", async () => {
    const { calls, write } = controlledWrite();
    const batcher = groupCommit({ write, maxBatch: 100, maxInFlight: 1 });
    const results = [batcher.add(1), batcher.add(2), batcher.add(3)];
    await Promise.resolve(); // one microtask: no timer has to fire
    expect(calls.map((c) => c.items)).toEqual([[1, 2, 3]]);
    calls[0]!.finish();
    expect(await Promise.all(results)).toEqual(["done 1", "done 2", "done 3"]);
    expect(batcher.stats).toEqual({ statements: 1, items: 3 });
  });

  it("queues while a statement runs and sends the queue as the next batch when it returns", async () => {
    const { calls, write } = controlledWrite();
    const batcher = groupCommit({ write, maxBatch: 100, maxInFlight: 1 });
    const first = batcher.add(1);
    await tick();
    const later = [2, 3, 4].map((i) => batcher.add(i));
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.finish();
    await first;
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.finish();
    expect(await Promise.all(later)).toEqual(["done 2", "done 3", "done 4"]);
  });

  it("keeps each statement to maxBatch items and at most maxInFlight statements running", async () => {
    const { calls, write } = controlledWrite();
    const batcher = groupCommit({ write, maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5, 6, 7].map((i) => batcher.add(i));
    await tick();
    expect(calls.map((c) => c.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    calls[1]!.finish();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    calls[0]!.finish();
    calls[2]!.finish();
    await tick();
    expect(calls.map((c) => c.items).at(-1)).toEqual([7]);
    calls[3]!.finish();
    expect(await Promise.all(all)).toHaveLength(7);
  });

  it("rejects every item of a failed statement, never retries it, and goes on with the next batch", async () => {
    const { calls, write } = controlledWrite();
    const batcher = groupCommit({ write, maxBatch: 100, maxInFlight: 1 });
    const failed = [batcher.add(1), batcher.add(2)].map((p) => p.then(String, (e: Error) => e.message));
    await tick();
    const next = batcher.add(3);
    calls[0]!.fail(new Error("connection lost"));
    expect(await Promise.all(failed)).toEqual(["connection lost", "connection lost"]);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3]]);
    calls[1]!.finish();
    expect(await next).toBe("done 3");
  });

  it("fails a batch whose write answers the wrong number of results", async () => {
    const batcher = groupCommit<number, number>({ write: async () => [1], maxBatch: 10, maxInFlight: 1 });
    const results = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
