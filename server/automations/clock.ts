// The automation clock: every time decision of the engine and the intake (due times, delays, timeouts, re-entry days,
// anniversaries) reads it, and passes it to SQL as a parameter instead of calling now() there. In production it is the
// system clock. With SENDWELL_TEST_CLOCK=1 it adds the offset stored in AutomationTestClock (row 1), so a test (or an
// e2e run across the web and worker processes) moves time forward without sleeping; the row is read at most every
// 250 ms per process, so every process sees an advance within a quarter of a second.
import { sql } from "@/server/db/pool";

const REFRESH_MS = 250;
let cached: { offsetMs: number; readAt: number } | null = null;

const testClockOn = () => process.env.SENDWELL_TEST_CLOCK === "1";

export async function automationNow(): Promise<Date> {
  if (!testClockOn()) return new Date();
  const real = Date.now();
  if (!cached || real - cached.readAt >= REFRESH_MS) {
    const rows = await sql<{ offsetMs: string }>(`SELECT "offsetMs" FROM "AutomationTestClock" WHERE id = 1`, []);
    cached = { offsetMs: Number(rows[0]?.offsetMs ?? 0), readAt: real };
  }
  return new Date(real + cached.offsetMs);
}

/** Moves the test clock forward by `ms` for every process (tests only; refused unless SENDWELL_TEST_CLOCK=1). */
export async function advanceTestClock(ms: number): Promise<Date> {
  if (!testClockOn()) throw new Error("advanceTestClock needs SENDWELL_TEST_CLOCK=1.");
  const rows = await sql<{ offsetMs: string }>(
    `INSERT INTO "AutomationTestClock" (id, "offsetMs") VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET "offsetMs" = "AutomationTestClock"."offsetMs" + $1
     RETURNING "offsetMs"`,
    [Math.round(ms)],
  );
  cached = { offsetMs: Number(rows[0]!.offsetMs), readAt: Date.now() };
  return new Date(Date.now() + cached.offsetMs);
}
