// POST /api/test-clock: a 404 unless the server runs with SENDWELL_TEST_CLOCK=1; with it, it moves the automation
// clock (server/automations/clock.ts) forward for every process and refuses anything but a whole number of ms.
import { afterEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/test-clock/route";
import { automationNow } from "@/server/automations/clock";

const post = (body: unknown) =>
  POST(
    new Request("http://localhost/api/test-clock", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const saved = process.env.SENDWELL_TEST_CLOCK;
// The clock only ever moves forward (other files, which share the database and may run meanwhile, measure time from
// automationNow() and never see it go back).
afterEach(() => {
  if (saved === undefined) delete process.env.SENDWELL_TEST_CLOCK;
  else process.env.SENDWELL_TEST_CLOCK = saved;
});

describe("POST /api/test-clock", () => {
  it("does not exist without SENDWELL_TEST_CLOCK=1, and the clock stays the system's", async () => {
    delete process.env.SENDWELL_TEST_CLOCK;
    const res = await post({ advanceMs: 86_400_000 });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(Math.abs((await automationNow()).getTime() - Date.now())).toBeLessThan(1_000);
  });

  it("moves the automation clock forward, and refuses what is not a whole number of ms up to a year", async () => {
    process.env.SENDWELL_TEST_CLOCK = "1";
    const before = (await automationNow()).getTime();
    const res = await post({ advanceMs: 2 * 86_400_000 });
    expect(res.status).toBe(200);
    const { now } = (await res.json()) as { now: string };
    expect(new Date(now).getTime() - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect((await automationNow()).getTime() - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    for (const bad of [
      { advanceMs: -1 },
      { advanceMs: 1.5 },
      { advanceMs: "1" },
      {},
      { advanceMs: 400 * 86_400_000 },
    ]) {
      expect((await post(bad)).status, JSON.stringify(bad)).toBe(422);
    }
  });
});
