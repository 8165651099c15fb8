// The tracking benchmark's kill test (bench/tracking/kill.mjs) against several web processes, as the front server
// runs them (node:cluster): it finds the workers behind the listening port, kills one, sees its replacement, and the
// load client (bench/lib/load.mjs) keeps an outcome for every request meanwhile.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killTest } from "../../bench/tracking/kill.mjs";
import { startLoad, outcomePool, tokenSlice } from "../../bench/lib/load.mjs";
import { webProcesses } from "../../bench/lib/proc.mjs";

let primary: ChildProcess;
let port: number;

beforeAll(async () => {
  primary = spawn(process.execPath, [path.join(import.meta.dirname, "bench-cluster-fixture.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  port = await new Promise<number>((resolve) =>
    primary.stdout!.once("data", (d: Buffer) => resolve(JSON.parse(String(d)).port)),
  );
}, 30_000);

afterAll(() => {
  primary.kill("SIGTERM");
});

describe("the kill test", () => {
  it("kills one cluster worker under load and waits for its replacement; every request has an outcome", async () => {
    const before = webProcesses(port);
    expect(before.primaries).toEqual([primary.pid]);
    expect(before.workers).toHaveLength(2);
    const load = await startLoad();
    const pool = outcomePool("hits", 1_000_000);
    try {
      const result = await killTest({
        server: { base: `http://127.0.0.1:${port}`, running: () => true, restart: async () => {} },
        port,
        load,
        run: {
          url: `http://127.0.0.1:${port}`,
          connections: 8,
          source: tokenSlice(pool, 0, pool.size, (i) => `/${i}`),
        },
        windowMs: 2000,
        killAfterMs: 500,
      });
      expect(result.killed).toBe("a cluster worker (1 of 2 web processes)");
      expect(result.backAfterMs).not.toBeNull();
      const after = webProcesses(port);
      expect(after.workers).toHaveLength(2);
      expect(after.workers).not.toContain(before.workers[0]);
      // Sent requests are contiguous from index 0: each answered (200) or failed (-1 reset, -2 timeout).
      const sent = pool.outcomes.findIndex((s) => s === 0);
      const outcomes = new Set(pool.outcomes.subarray(0, sent));
      expect([...outcomes].every((s) => s === 200 || s === -1 || s === -2)).toBe(true);
      expect(result.statusCodes["200"]).toBe(pool.outcomes.subarray(0, sent).filter((s) => s === 200).length);
    } finally {
      await load.close();
    }
  }, 60_000);
});
