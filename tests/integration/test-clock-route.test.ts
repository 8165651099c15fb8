// POST /api/test-clock: a 404 unless the server runs with SENDWELL_TEST_CLOCK=1; with it, it moves the automation
// clock (server/automations/clock.ts) forward for every process and refuses anything but a whole number of ms.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/test-clock/route";
import { automationNow } from "@/server/automations/clock";
import { sql } from "@/server/db/pool";

const post = (body: unknown) =>
  POST(
    new Request("http://localhost/api/test-clock", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const saved = process.env.SENDWELL_TEST_CLOCK;
let offsetBefore = "0";
beforeAll(async () => {
  [{ offsetMs: offsetBefore }] = await sql<{ offsetMs: string }>(
    `SELECT "offsetMs"::text AS "offsetMs" FROM "AutomationTestClock" WHERE id = 1`,
    [],
  );
});
// Other files share the database: they get the clock back as they left it.
afterAll(() => sql(`UPDATE "AutomationTestClock" SET "offsetMs" = $1 WHERE id = 1`, [offsetBefore]));
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
