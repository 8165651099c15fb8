// POST /api/test-clock {"advanceMs": n} – moves the automation clock forward for every process (web and worker), so
// an end-to-end test sees a two-day delay end without waiting two days. It exists only when the server was started
// with SENDWELL_TEST_CLOCK=1 (e2e/serve.mjs does; never set it in production): otherwise it is a 404 like any unknown
// path, and the engine reads the system clock alone (server/automations/clock.ts).
import { advanceTestClock } from "@/server/automations/clock";
import { problem } from "@/server/http/problem";

export const dynamic = "force-dynamic";

const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;

export async function POST(request: Request) {
  if (process.env.SENDWELL_TEST_CLOCK !== "1") {
    return problem(404, "No such page.", "/api/test-clock");
  }
  const body = (await request.json().catch(() => null)) as { advanceMs?: unknown } | null;
  const ms = body?.advanceMs;
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
    return problem(422, "advanceMs must be a whole number of milliseconds from 0 to one year.", "/api/test-clock", {
      errors: [{ pointer: "#/advanceMs", detail: "A whole number of milliseconds from 0 to one year." }],
    });
  }
  const now = await advanceTestClock(ms);
  return Response.json({ now: now.toISOString() });
}
